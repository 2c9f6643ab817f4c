import { defineMessages } from "./core.ts";

/** Texts of the Shipping & Returns page (routes/storefront/shipping.tsx). */
export const shipping = defineMessages(
  {
    "meta.title": "Shipping & Returns — {name}",
    "meta.description":
      "Worldwide shipping from our Bali workshop: rates by region, production times for custom hats, tracking, 14-day returns, exchanges and hat care.",

    "hero.title": "Shipping & Returns",
    "hero.text":
      "Every hat is made to order in our workshop in Bali and shipped worldwide with tracking. Here is what to expect from the moment you order.",
    toc: "On this page",

    "facts.worldwide.title": "Worldwide shipping",
    "facts.worldwide.text": "From our workshop to your door, wherever you are.",
    "facts.tracked.title": "Tracked delivery",
    "facts.tracked.text": "Every courier parcel comes with a tracking number.",
    "facts.returns.title": "14-day returns",
    "facts.returns.text": "On ready-made designs, counted from delivery.",

    "rates.title": "Shipping rates",
    "rates.intro": "Shipping costs depend on where your hat is going. These are our usual ranges for one hat:",
    "rates.caption": "Estimated shipping cost of one hat by destination, in US dollars",
    "rates.region": "Destination",
    "rates.cost": "Estimated cost (USD)",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign before the {min} placeholder
    "rates.range": "${min}–{max}",
    "rates.indonesia": "Indonesia",
    "rates.southeastAsia": "Southeast Asia",
    "rates.oceania": "Australia / New Zealand",
    "rates.westAndNorth": "Europe and North America",
    "rates.note":
      "The exact price is calculated at checkout from the delivery method and the weight of your parcel. Hats travel in a rigid {box} box, so the crown and brim arrive in shape.",
    "rates.box": "40 × 40 × 17 cm",
    "methods.title": "Delivery methods",
    "methods.dhl.name": "DHL International Express",
    "methods.dhl.text": "{min}–{max} business days once your hat leaves the workshop, with tracking.",
    "methods.lion.name": "Lion Parcel",
    "methods.lion.text": "{min}–{max} business days once your hat leaves the workshop, with tracking.",
    "methods.pickup.name": "Pickup from Workshop",
    "methods.pickup.text": "Free. Collect your hat the same day we tell you it is ready.",

    "production.title": "Production times",
    "production.intro":
      "Because every hat is made to order, production comes before shipping: a hat from our collection is made in {min}–{max} business days after payment, then the courier takes it to you. Custom hats take longer, depending on how complex they are:",
    "production.stage": "Design",
    "production.time": "Production time",
    "production.collection": "Hats from our collection",
    "production.collection.text": "Any hat from the shop, in your size.",
    "production.collection.time": "{min}–{max} business days",
    "production.simple": "Simple custom designs",
    "production.simple.text": "A classic shape in one material, with a plain band.",
    "production.simple.time": "1–2 weeks",
    "production.complex": "Complex designs",
    "production.complex.text": "A custom shape, patterned weaving or mixed materials.",
    "production.complex.time": "3–4 weeks",
    "production.intricate": "Intricate designs",
    "production.intricate.text": "Beadwork, very fine straw or matching hats for a group.",
    "production.intricate.time": "4–6 weeks",
    "production.note": "We confirm your delivery estimate when we accept your order, before any work begins.",

    "tracking.title": "Tracking your order",
    "tracking.text":
      "As soon as your hat leaves the workshop, we e-mail you the courier's tracking number. DHL and Lion Parcel parcels can be followed door to door on the courier's website. Pickup orders have no tracking number: we message you when your hat is ready.",

    "pickup.title": "Pickup in Bali",
    "pickup.text": "Choose “Pickup from Workshop” at checkout and collect your hat in person, free of charge. Pickup hours:",
    "pickup.address": "Pickup address",

    "returns.title": "Returns",
    "returns.window": "You can return a ready-made hat within 14 days after delivery.",
    "returns.condition": "It should be unworn, in its original condition and packaging.",
    "returns.fee": "A 15% restocking fee is deducted from the refund.",
    "returns.refund": "Once the hat is back with us and checked, we refund you within 5–7 business days.",
    "returns.start": "To start a return, {link} with your order number.",
    "returns.startLink": "contact us",

    "custom.title": "Custom orders",
    "custom.noReturns": "Custom hats are made for you alone, so they cannot be returned or exchanged.",
    "custom.defects":
      "The one exception is a defect in materials or workmanship: report it within 7 days of delivery, with photos, and we will put it right.",
    "custom.deposit": "A 50% deposit confirms your custom order and starts production.",
    "custom.revisions": "Up to two rounds of design revisions are included before we start weaving.",

    "exchanges.title": "Exchanges",
    "exchanges.text":
      "Need a different size or colour? Ready-made designs can be exchanged within the same 14 days after delivery. Since every hat is made to order, we make your new one once the original is back with us, so production time applies again. Please get in touch before sending anything.",
    "exchanges.sizes": "Size guide (head circumference): XS 54–55 cm · S 56–57 cm · M 58–59 cm · L 60–61 cm · XL 62–63 cm.",

    "care.title": "Caring for your hat",
    "care.brim": "Pick your hat up by the brim, not by the crown: the crown creases where it is handled most.",
    "care.store": "Store it upside down on its crown, or hang it, away from direct sun and heat.",
    "care.dry":
      "Keep straw, palm leaf and raffia dry. If your hat gets wet, reshape it gently and let it dry naturally at room temperature, never with a hairdryer.",
    "care.felt": "Brush felt with a soft brush, following the nap, and spot-clean it with a barely damp cloth.",
    "care.steam": "A squashed brim usually recovers with a little steam from a kettle and gentle reshaping by hand.",
    "care.car": "Never leave your hat in a hot car: heat can shrink the sweatband and warp the shape.",

    "help.title": "Questions about your order?",
    "help.text": "Write to us and we will reply within 24–48 hours.",
    "help.contact": "Contact us",
    "help.faq": "Read the FAQ",
  },
  {
    ru: {
      "meta.title": "Доставка и возврат — {name}",
      "meta.description":
        "Доставка по всему миру из нашей мастерской на Бали: стоимость по регионам, сроки изготовления шляп на заказ, отслеживание, возврат в течение 14 дней, обмен и уход за шляпой.",

      "hero.title": "Доставка и возврат",
      "hero.text":
        "Каждую шляпу мы делаем на заказ в нашей мастерской на Бали и отправляем в любую страну с отслеживанием. Вот что вас ждёт после оформления заказа.",
      toc: "На этой странице",

      "facts.worldwide.title": "Доставка по всему миру",
      "facts.worldwide.text": "Из нашей мастерской прямо к вашей двери, где бы вы ни были.",
      "facts.tracked.title": "Отслеживание посылки",
      "facts.tracked.text": "Каждой курьерской отправке присваивается трек-номер.",
      "facts.returns.title": "Возврат в течение 14 дней",
      "facts.returns.text": "Для готовых моделей, считая со дня доставки.",

      "rates.title": "Стоимость доставки",
      "rates.intro": "Цена зависит от того, куда едет шляпа. Вот обычные диапазоны для одной шляпы:",
      "rates.caption": "Ориентировочная стоимость доставки одной шляпы по регионам, в долларах США",
      "rates.region": "Куда",
      "rates.cost": "Примерная стоимость (USD)",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign before the {min} placeholder
      "rates.range": "${min}–{max}",
      "rates.indonesia": "Индонезия",
      "rates.southeastAsia": "Юго-Восточная Азия",
      "rates.oceania": "Австралия / Новая Зеландия",
      "rates.westAndNorth": "Европа и Северная Америка",
      "rates.note":
        "Точная сумма рассчитывается при оформлении заказа по способу доставки и весу посылки. Шляпы путешествуют в жёсткой коробке {box}, поэтому тулья и поля приезжают в целости.",
      "rates.box": "40 × 40 × 17 см",
      "methods.title": "Способы доставки",
      "methods.dhl.name": "DHL International Express",
      "methods.dhl.text": "{min}–{max} рабочих дней после отправки из мастерской, с отслеживанием.",
      "methods.lion.name": "Lion Parcel",
      "methods.lion.text": "{min}–{max} рабочих дня после отправки из мастерской, с отслеживанием.",
      "methods.pickup.name": "Самовывоз из мастерской",
      "methods.pickup.text": "Бесплатно. Заберите шляпу в тот же день, когда мы сообщим, что она готова.",

      "production.title": "Сроки изготовления",
      "production.intro":
        "Каждая шляпа делается на заказ, поэтому сначала идёт изготовление, а потом доставка: шляпу из нашей коллекции мы изготовим за {min}–{max} рабочих дней после оплаты, а затем её привезёт курьер. Индивидуальные шляпы требуют больше времени — в зависимости от сложности:",
      "production.stage": "Модель",
      "production.time": "Срок изготовления",
      "production.collection": "Шляпы из коллекции",
      "production.collection.text": "Любая шляпа из магазина в вашем размере.",
      "production.collection.time": "{min}–{max} рабочих дней",
      "production.simple": "Простые индивидуальные модели",
      "production.simple.text": "Классическая форма из одного материала с простой лентой.",
      "production.simple.time": "1–2 недели",
      "production.complex": "Сложные модели",
      "production.complex.text": "Нестандартная форма, узорное плетение или сочетание материалов.",
      "production.complex.time": "3–4 недели",
      "production.intricate": "Особо сложные модели",
      "production.intricate.text": "Отделка бисером, очень тонкая солома или одинаковые шляпы для группы.",
      "production.intricate.time": "4–6 недель",
      "production.note": "Срок доставки мы подтверждаем, когда принимаем заказ, — ещё до начала работы.",

      "tracking.title": "Отслеживание заказа",
      "tracking.text":
        "Как только шляпа покидает мастерскую, мы присылаем вам на почту трек-номер курьерской службы. Посылки DHL и Lion Parcel можно отслеживать на сайте перевозчика вплоть до вручения. У заказов с самовывозом трек-номера нет: мы просто напишем вам, когда шляпа будет готова.",

      "pickup.title": "Самовывоз на Бали",
      "pickup.text": "Выберите при оформлении заказа «Самовывоз из мастерской» и заберите шляпу лично — бесплатно. Часы выдачи заказов:",
      "pickup.address": "Адрес для самовывоза",

      "returns.title": "Возврат",
      "returns.window": "Готовую шляпу можно вернуть в течение 14 дней после доставки.",
      "returns.condition": "Шляпа должна быть неношеной, в исходном состоянии и в оригинальной упаковке.",
      "returns.fee": "Из суммы возврата удерживается сбор 15% за обработку возврата.",
      "returns.refund": "Когда шляпа вернётся к нам и пройдёт проверку, мы вернём деньги в течение 5–7 рабочих дней.",
      "returns.start": "Чтобы оформить возврат, {link} и укажите номер заказа.",
      "returns.startLink": "свяжитесь с нами",

      "custom.title": "Индивидуальные заказы",
      "custom.noReturns": "Индивидуальная шляпа делается только для вас, поэтому её нельзя вернуть или обменять.",
      "custom.defects":
        "Единственное исключение — брак материалов или изготовления: сообщите о нём в течение 7 дней после доставки и приложите фотографии, и мы всё исправим.",
      "custom.deposit": "Заказ подтверждается предоплатой 50%, после неё мы начинаем работу.",
      "custom.revisions": "До начала плетения в дизайн можно внести правки — до двух раундов.",

      "exchanges.title": "Обмен",
      "exchanges.text":
        "Нужен другой размер или цвет? Готовые модели можно обменять в те же 14 дней после доставки. Поскольку каждая шляпа делается на заказ, новую мы изготовим, когда исходная вернётся к нам, — поэтому срок изготовления начнётся заново. Пожалуйста, напишите нам, прежде чем что-то отправлять.",
      "exchanges.sizes": "Таблица размеров (обхват головы): XS 54–55 см · S 56–57 см · M 58–59 см · L 60–61 см · XL 62–63 см.",

      "care.title": "Уход за шляпой",
      "care.brim": "Берите шляпу за поля, а не за тулью: тулья мнётся там, где её чаще всего касаются.",
      "care.store": "Храните шляпу перевёрнутой на тулью или на крючке, вдали от прямого солнца и источников тепла.",
      "care.dry":
        "Берегите солому, пальмовый лист и рафию от влаги. Если шляпа намокла, аккуратно придайте ей форму и дайте высохнуть естественным образом при комнатной температуре — только не феном.",
      "care.felt": "Фетр чистите мягкой щёткой по направлению ворса, а пятна удаляйте слегка влажной тканью.",
      "care.steam": "Примятые поля обычно восстанавливаются, если подержать их над паром от чайника и бережно расправить руками.",
      "care.car": "Не оставляйте шляпу в раскалённой машине: от жары может сесть внутренняя лента и исказиться форма.",

      "help.title": "Остались вопросы о заказе?",
      "help.text": "Напишите нам — мы ответим в течение 24–48 часов.",
      "help.contact": "Связаться с нами",
      "help.faq": "Читать вопросы и ответы",
    },
  },
);
