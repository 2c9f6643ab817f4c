import { defineMessages } from "./core.ts";

/**
 * Texts of the FAQ page (routes/storefront/faq.tsx). Questions are "<category>.<topic>.q",
 * their answers "<category>.<topic>.a".
 */
export const faq = defineMessages(
  {
    "meta.title": "FAQ — {name}",
    "meta.description":
      "Answers about our handwoven hats: materials and sizes, custom orders from $75, production times, worldwide shipping, returns, hat care and visiting our workshop in Bali.",
    title: "Frequently Asked Questions",
    intro: "Everything you might want to know before ordering a hat from our workshop. Can't find your answer? We're happy to help.",
    toc: "Jump to a topic",

    "cat.products": "Products & Materials",
    "cat.custom": "Custom Orders",
    "cat.shipping": "Ordering & Shipping",
    "cat.returns": "Returns & Care",
    "cat.visiting": "Visiting & Contact",

    "products.materials.q": "What are your hats made of?",
    "products.materials.a":
      "Natural fibres woven by hand: fine straw, straw weave, pandan and palm leaf, and raffia. Fedoras, cloches and some bucket hats are made from wool felt or cotton. Bands are ribbon, leather, woven fibre or hand-strung beads.",
    "products.sizing.q": "How do I find my size?",
    "products.sizing.a":
      "Wrap a soft tape measure around your head about 1 cm above your eyebrows and ears, where a hat sits, and compare the result with the chart below. If you fall between two sizes, choose the larger one.",
    "products.madeToOrder.q": "Is every hat made to order?",
    "products.madeToOrder.a":
      "Yes. We start weaving once you order, in the size you choose. That way nothing sits in a warehouse, and your hat is fresh from the block when it ships.",
    "products.sun.q": "Will my hat protect me from the sun?",
    "products.sun.a":
      "Our sun hats and beach hats have wide brims that shade your face, neck and shoulders, and the natural fibres breathe in tropical heat. For the most shade, choose a wide-brim or beach style.",

    "custom.price.q": "How much does a custom hat cost?",
    "custom.price.a":
      "Basic custom hats start from $75. Intricate designs, with patterned weaving, beadwork or special materials, cost $150–300+. You receive an exact quote before any work begins.",
    "custom.time.q": "How long does a custom hat take?",
    "custom.time.a":
      "Simple designs take 1–2 weeks and complex designs 3–4 weeks; the most intricate pieces can need 4–6 weeks. Shipping time comes on top of this.",
    "custom.revisions.q": "Can I change the design along the way?",
    "custom.revisions.a":
      "Yes. Up to two rounds of revisions are included: we share sketches and material samples, then adjust them to your feedback before weaving begins.",
    "custom.deposit.q": "How do I pay for a custom hat?",
    "custom.deposit.a": "A 50% deposit confirms your order and starts production. The balance is due when your hat is finished.",
    "custom.start.q": "How do I start a custom order?",
    "custom.start.a":
      "Fill in the custom order form with your size, the style you have in mind and up to three inspiration photos. We reply within 48 hours.",

    "shipping.worldwide.q": "Do you ship worldwide?",
    "shipping.worldwide.a":
      "Yes, we ship worldwide from our workshop in Bali. Shipping one hat usually costs $5–15 within Indonesia, $15–25 to Southeast Asia, $20–30 to Australia and New Zealand, and $25–40 to Europe and North America.",
    "shipping.delivery.q": "How long does delivery take?",
    "shipping.delivery.a":
      "We make your hat in {makingMin}–{makingMax} business days after payment. Then DHL International Express takes {dhlMin}–{dhlMax} business days and Lion Parcel {lionMin}–{lionMax} business days, counted from the day your hat leaves the workshop. You can also pick up your order from the workshop for free.",
    "shipping.payment.q": "How can I pay?",
    "shipping.payment.a":
      "By card, bank transfer to a virtual account, at Indomaret or Alfamart stores, by QR code, e-wallet or pay-later. For addresses in Bali you can also pay cash at the workshop: visit within 7 days to pay in full, and we make your hat in {makingMin}–{makingMax} business days.",
    "shipping.tracking.q": "Can I track my order?",
    "shipping.tracking.a":
      "Yes. When your hat ships, we e-mail you the DHL or Lion Parcel tracking number so you can follow it to your door.",

    "returns.policy.q": "What is your return policy?",
    "returns.policy.a":
      "Ready-made designs can be returned unworn within 14 days after delivery. A 15% restocking fee applies, and we refund you within 5–7 business days after the hat is back with us.",
    "returns.custom.q": "Can I return a custom hat?",
    "returns.custom.a":
      "Custom hats are made for you alone, so there are no returns on custom items, except for defects. If you find a defect in materials or workmanship, report it within 7 days of delivery, with photos, and we will put it right.",
    "returns.exchange.q": "Can I exchange my hat for another size?",
    "returns.exchange.a":
      "Ready-made designs can be exchanged for another size or colour within 14 days after delivery. We make your new hat once the original is back with us.",
    "returns.care.q": "How do I look after my hat?",
    "returns.care.a":
      "Hold it by the brim, store it upside down on its crown away from sun and heat, and keep straw dry. A squashed brim usually recovers with a little steam and gentle reshaping by hand.",

    "visiting.visit.q": "Can I visit your workshop?",
    "visiting.visit.a":
      "Of course. Our showroom's opening hours: {hours}. We recommend booking an appointment so a weaver is free to look after you.",
    "visiting.where.q": "Where are you?",
    "visiting.where.a": "Our workshop and showroom are at {address}.",
    "visiting.pickup.q": "Can I collect my order in person?",
    "visiting.pickup.a":
      "Yes. Choose “Pickup from Workshop” at checkout, and collect your order at the workshop during its opening hours: {hours}.",
    "visiting.contact.q": "How can I contact you?",
    "visiting.contact.a": "Send us a message through the contact form, or write to us on WhatsApp. We reply within 24–48 hours.",

    "sizes.caption": "Hat sizes by head circumference",
    "sizes.size": "Size",
    "sizes.head": "Head circumference",
    "sizes.range": "{min}–{max} cm",

    "link.shopAll": "Browse the collection",
    "link.shipping": "Shipping rates by region",
    "link.custom": "Custom order form",
    "link.returns": "Full returns policy",
    "link.care": "Hat care guide",
    "link.showroom": "Plan a showroom visit",
    "link.map": "Open in Google Maps",
    "link.contact": "Contact form",
    "link.whatsapp": "Message us on WhatsApp",
    newTab: "(opens in a new tab)",

    "help.title": "Still have a question?",
    "help.text": "Write to us through the contact form or on WhatsApp, and we will reply within 24–48 hours.",
    "help.contact": "Contact us",
    "help.whatsapp": "Chat on WhatsApp",
  },
  {
    ru: {
      "meta.title": "Вопросы и ответы — {name}",
      "meta.description":
        "Ответы о наших плетёных шляпах: материалы и размеры, индивидуальные заказы от $75, сроки изготовления, доставка по всему миру, возврат, уход за шляпой и визит в мастерскую на Бали.",
      title: "Часто задаваемые вопросы",
      intro: "Всё, что стоит знать перед заказом шляпы в нашей мастерской. Не нашли ответа? Мы с радостью поможем.",
      toc: "Перейти к теме",

      "cat.products": "Изделия и материалы",
      "cat.custom": "Индивидуальные заказы",
      "cat.shipping": "Заказ и доставка",
      "cat.returns": "Возврат и уход",
      "cat.visiting": "Визит и контакты",

      "products.materials.q": "Из чего сделаны ваши шляпы?",
      "products.materials.a":
        "Из натуральных волокон, сплетённых вручную: тонкой соломы, соломенного плетения, листьев пандана и пальмы, рафии. Федоры, клоше и некоторые шляпы-бакеты делаются из шерстяного фетра или хлопка. Ленты — текстильные, кожаные, плетёные или из бисера, нанизанного вручную.",
      "products.sizing.q": "Как узнать свой размер?",
      "products.sizing.a":
        "Оберните мягкую сантиметровую ленту вокруг головы примерно на 1 см выше бровей и ушей — там, где сидит шляпа, — и сверьтесь с таблицей ниже. Если вы между двумя размерами, выбирайте больший.",
      "products.madeToOrder.q": "Все шляпы делаются на заказ?",
      "products.madeToOrder.a":
        "Да. Мы начинаем плести после вашего заказа и по выбранному размеру. Поэтому ничего не пылится на складе, а шляпа отправляется к вам прямо с болванки.",
      "products.sun.q": "Защитит ли шляпа от солнца?",
      "products.sun.a":
        "У наших шляп от солнца и пляжных шляп широкие поля, которые закрывают лицо, шею и плечи, а натуральные волокна дышат даже в тропическую жару. Больше всего тени дают модели с широкими полями и пляжные шляпы.",

      "custom.price.q": "Сколько стоит индивидуальная шляпа?",
      "custom.price.a":
        "Простые индивидуальные шляпы стоят от $75. Сложные модели — с узорным плетением, бисером или особыми материалами — обойдутся в $150–300 и выше. Точную стоимость мы называем до начала работы.",
      "custom.time.q": "Сколько времени занимает изготовление?",
      "custom.time.a":
        "Простые модели — 1–2 недели, сложные — 3–4 недели; самым сложным может понадобиться 4–6 недель. Время доставки добавляется к этому сроку.",
      "custom.revisions.q": "Можно ли что-то изменить в дизайне по ходу работы?",
      "custom.revisions.a":
        "Да. В стоимость входят до двух раундов правок: мы присылаем эскизы и образцы материалов и дорабатываем их по вашим замечаниям до начала плетения.",
      "custom.deposit.q": "Как оплатить индивидуальный заказ?",
      "custom.deposit.a": "Предоплата 50% подтверждает заказ и запускает работу. Оставшуюся сумму вы вносите, когда шляпа готова.",
      "custom.start.q": "Как оформить индивидуальный заказ?",
      "custom.start.a":
        "Заполните форму индивидуального заказа: укажите размер, желаемый фасон и приложите до трёх фотографий-референсов. Мы ответим в течение 48 часов.",

      "shipping.worldwide.q": "Вы доставляете по всему миру?",
      "shipping.worldwide.a":
        "Да, мы отправляем шляпы из мастерской на Бали в любую страну. Доставка одной шляпы обычно стоит $5–15 по Индонезии, $15–25 в страны Юго-Восточной Азии, $20–30 в Австралию и Новую Зеландию и $25–40 в Европу и Северную Америку.",
      "shipping.delivery.q": "Сколько идёт доставка?",
      "shipping.delivery.a":
        "Мы изготавливаем шляпу за {makingMin}–{makingMax} рабочих дней после оплаты. Затем DHL International Express доставляет её за {dhlMin}–{dhlMax} рабочих дней, Lion Parcel — за {lionMin}–{lionMax} рабочих дня, считая со дня, когда шляпа покинула мастерскую. Также заказ можно бесплатно забрать из мастерской.",
      "shipping.payment.q": "Как можно оплатить заказ?",
      "shipping.payment.a":
        "Картой, банковским переводом на виртуальный счёт, в магазинах Indomaret или Alfamart, по QR-коду, электронным кошельком или в рассрочку (pay-later). Для адресов на Бали доступна и оплата наличными в мастерской: приходите в течение 7 дней и оплатите заказ полностью, а мы изготовим шляпу за {makingMin}–{makingMax} рабочих дней.",
      "shipping.tracking.q": "Можно ли отследить заказ?",
      "shipping.tracking.a":
        "Да. Когда шляпа отправлена, мы присылаем на почту трек-номер DHL или Lion Parcel — по нему посылку можно отследить до самой двери.",

      "returns.policy.q": "Какие у вас условия возврата?",
      "returns.policy.a":
        "Готовые модели можно вернуть неношеными в течение 14 дней после доставки. Удерживается сбор 15% за обработку возврата, а деньги мы возвращаем в течение 5–7 рабочих дней после того, как шляпа вернётся к нам.",
      "returns.custom.q": "Можно ли вернуть индивидуальную шляпу?",
      "returns.custom.a":
        "Индивидуальная шляпа делается только для вас, поэтому такие изделия не подлежат возврату — за исключением брака. Если вы обнаружили брак материалов или изготовления, сообщите о нём в течение 7 дней после доставки и приложите фотографии, и мы всё исправим.",
      "returns.exchange.q": "Можно ли обменять шляпу на другой размер?",
      "returns.exchange.a":
        "Готовые модели можно обменять на другой размер или цвет в течение 14 дней после доставки. Новую шляпу мы изготовим, как только исходная вернётся к нам.",
      "returns.care.q": "Как ухаживать за шляпой?",
      "returns.care.a":
        "Берите шляпу за поля, храните её перевёрнутой на тулью вдали от солнца и тепла, берегите солому от влаги. Примятые поля обычно восстанавливаются, если подержать их над паром и бережно расправить руками.",

      "visiting.visit.q": "Можно ли прийти к вам в мастерскую?",
      "visiting.visit.a": "Конечно. Часы работы шоурума: {hours}. Рекомендуем записаться заранее, чтобы мастер мог уделить вам время.",
      "visiting.where.q": "Где вы находитесь?",
      "visiting.where.a": "Наша мастерская и шоурум находятся по адресу: {address}.",
      "visiting.pickup.q": "Можно ли забрать заказ лично?",
      "visiting.pickup.a":
        "Да. Выберите при оформлении заказа «Самовывоз из мастерской» и заберите заказ в мастерской в часы её работы: {hours}.",
      "visiting.contact.q": "Как с вами связаться?",
      "visiting.contact.a": "Напишите нам через форму обратной связи или в WhatsApp. Мы отвечаем в течение 24–48 часов.",

      "sizes.caption": "Размеры шляп по обхвату головы",
      "sizes.size": "Размер",
      "sizes.head": "Обхват головы",
      "sizes.range": "{min}–{max} см",

      "link.shopAll": "Смотреть коллекцию",
      "link.shipping": "Стоимость доставки по регионам",
      "link.custom": "Форма индивидуального заказа",
      "link.returns": "Подробные условия возврата",
      "link.care": "Советы по уходу",
      "link.showroom": "Спланировать визит в шоурум",
      "link.map": "Открыть в Google Картах",
      "link.contact": "Форма обратной связи",
      "link.whatsapp": "Написать в WhatsApp",
      newTab: "(откроется в новой вкладке)",

      "help.title": "Остались вопросы?",
      "help.text": "Напишите нам через форму обратной связи или в WhatsApp — мы ответим в течение 24–48 часов.",
      "help.contact": "Связаться с нами",
      "help.whatsapp": "Написать в WhatsApp",
    },
  },
);
