import { defineMessages } from "@workshop/domain/i18n/core.ts";

/**
 * Every text of the e-mails (server/mail/templates), by template. English is the source and
 * Russian must have the same keys (a type error otherwise); app/i18n/catalogues.test.ts checks
 * that none is blank and that the placeholders match.
 */
export const mailTexts = defineMessages(
  {
    // Shared by the order mails.
    order: "Order",
    hat: "Hat",
    size: "Size",
    sizeValue: "{cm} cm",
    color: "Color",
    price: "Price",
    delivery: "Delivery",
    free: "free",
    total: "Total",
    payment: "Payment",
    placed: "Placed",
    // No name: the one we have was typed by whoever gave the address, which its owner has not confirmed.
    hello: "Hello,",
    viewOrder: "View your order",
    signature: "Warm wishes from Ubud,\nthe Rumah Topi workshop",
    questions: "Questions? Just reply to this e-mail.",
    hours: "Opening hours: {hours}",
    making: "{min}–{max} business days",
    "promise.arrives": "Estimated delivery: between {from} and {to}.",
    "promise.ready": "Your hat will be ready for pickup between {from} and {to}.",

    "received.subject": "Order {number} received — {shop}",
    "received.intro": "Thank you for your order! Here are its details; you can follow it on its page at any time.",
    "received.cash.title": "Paying in our workshop",
    "received.cash.visit":
      "Please visit the workshop within 7 days, by {date} (Bali time), and pay for your order in cash: we start every hat after a 100% prepayment.",
    "received.cash.making": "Crafting takes {making} after payment. Orders that are not paid within 7 days are cancelled automatically.",
    "received.online.making":
      "As soon as your payment is confirmed, we will let you know and start crafting your hat, which takes {making}.",
    "received.custom.online":
      "As soon as your deposit is confirmed, we will let you know and start on your hat, within the production time of your quote. The balance is paid when the hat is ready.",
    "received.custom.visit": "Please visit the workshop within 7 days, by {date} (Bali time), and pay the deposit in cash.",
    "received.custom.cash":
      "We start on your hat once the deposit is paid, within the production time of your quote. Orders that are not paid within 7 days are cancelled automatically.",

    "confirmed.subject": "Payment received for order {number}",
    "confirmed.text":
      "Thank you! We have received the payment for order {number}. Our weavers are starting on your hat: crafting takes {making}, and we will write to you when it is ready.",
    "confirmed.custom":
      "Thank you! We have received the balance for order {number}: your custom hat is paid in full. We will now send it, or keep it ready for you in the workshop if you chose pickup.",
    "confirmed.paid": "Paid",
    "rows.deposit": "Deposit",
    "rows.balance": "Balance when the hat is ready",

    "cancelled.subject": "Order {number} cancelled",
    "cancelled.text": "Your order {number} ({hat}) has been cancelled.",
    "cancelled.reason": "Reason: {reason}",
    "cancelled.reason.not-paid": "the payment did not arrive within 7 days.",
    "cancelled.reason.customer-request": "you asked us to cancel it.",
    "cancelled.reason.unavailable": "we are unable to make this hat for you.",
    "cancelled.help": "If this comes as a surprise, or you would still like the hat, just reply to this e-mail and we will help.",

    "failed.subject": "Payment for order {number} did not go through",
    "failed.subject.expired": "The payment for order {number} expired",
    "failed.text": "The payment for your order {number} of {total} did not go through.",
    "failed.text.expired": "The time to pay for your order {number} of {total} ran out.",
    "failed.saved": "Your order is saved: you can pay again, with the same or another method, from your order's page.",
    "failed.retry": "Try the payment again",

    "shop.subject": "New order {number}: {hat}, {total}",
    "shop.intro": "A new order has been placed on the website.",
    "shop.language": "Customer's language",
    "shop.customer": "Customer",
    "shop.name": "Name",
    "shop.phone": "Phone",
    "shop.address": "Address",
    "shop.orderPage": "The order's page",

    "flagged.subject": "A payment for order {number} needs attention",
    "flagged.text":
      "Xendit reported a payment the shop did not apply by itself. Please look at it in the Xendit dashboard: it may need a refund or a manual confirmation.",
    "flagged.reason": "Reason",
    "flagged.payment": "Xendit payment",
    "flagged.method": "Method",
    "flagged.amount": "Payment amount",

    "shipped.subject": "Order {number} is on its way",
    "shipped.text": "Good news: your order {number} ({hat}) has left the workshop and is on its way with {carrier}.",
    "shipped.carrier": "Carrier",
    "shipped.tracking": "Tracking number",
    "shipped.track": "Track your parcel",
    "shipped.noLink": "You can follow the parcel with this number on the website of {carrier}.",

    "staff.about": "This message is about your order {number}.",

    "custom.subject": "Your custom hat request {number} — {shop}",
    "custom.intro":
      "Thank you for your custom hat request {number}! We'll review your requirements and get back to you within 48 hours to discuss the details and provide a quote.",
    "custom.kept": "The details you sent, and any reference photos, are with our workshop; we will go through them with you when we write.",
    "custom.notYou": "If you did not send this request, you can ignore this e-mail.",
    "custom.hatType": "Hat type",
    "custom.material": "Material",
    "custom.size": "Size",
    "custom.color": "Color",
    "custom.budget": "Budget",
    "custom.timeline": "Timeline",
    "custom.photos": "Reference photos",
    "custom.details": "Details",
    "custom.shop.subject": "Custom hat request {number} from {name}: {hatType}",
    "custom.shop.intro": "A new custom hat request arrived through the website. Reply to this e-mail to answer the customer.",
    "custom.shop.from": "From",
    "custom.shop.phone": "Phone",
    "custom.staff.subject": "Your custom hat request {number}",
    "custom.staff.about": "This message is about your custom hat request {number} ({hatType}).",
    "contact.subject": "Message from {name}: {subject}",
    "contact.intro":
      "A visitor wrote through the contact form on the website. Reply to this e-mail to answer them, or answer from the Inbox.",
    "contact.from": "From",
    "contact.topic": "Subject",
    "contact.received": "Received",
    "contact.message": "Message",
    "contact.open": "Open in the Inbox",

    "reply.wrote": "On {date} you wrote:",
    "reply.more": "Anything else? Just reply to this e-mail.",
    "quote.subject": "Your quote for custom hat request {number} — {shop}",
    "quote.subjectRevised": "Revised quote (version {version}) for custom hat request {number} — {shop}",
    "quote.intro": "Thank you for your patience. Here is our quote for your custom hat:",
    "quote.what": "What we will make",
    "quote.price": "Price",
    "quote.deposit": "Deposit to start ({percent}%)",
    "quote.balance": "Balance when the hat is ready",
    "quote.production": "Production time",
    "quote.validUntil": "Valid until",
    "quote.next":
      "To go ahead, open the quote, accept it and pay the deposit. The balance and the delivery are paid when your hat is ready.",
    "quote.open": "View and accept the quote",
    "quote.private": "This link is private to you: anyone who has it can see the quote.",
    "balance.subject": "Your hat is ready: balance for order {number}",
    "balance.text":
      "Good news: your custom hat for order {number} is ready. Please pay the balance (the rest of the price and the delivery) so that we can send it or hand it over.",
    "balance.amount": "Balance to pay",
    "balance.paid": "Deposit paid",
    "balance.open": "Pay the balance",
    "deposit.subject": "Deposit received for order {number}",
    "deposit.text":
      "We have received the deposit for your custom hat (order {number}). Work on it starts now; we will write when it is ready, with a link to pay the balance.",
  },
  {
    ru: {
      order: "Заказ",
      hat: "Шляпа",
      size: "Размер",
      sizeValue: "{cm} см",
      color: "Цвет",
      price: "Цена",
      delivery: "Доставка",
      free: "бесплатно",
      total: "Итого",
      payment: "Оплата",
      placed: "Оформлен",
      hello: "Здравствуйте!",
      viewOrder: "Открыть страницу заказа",
      signature: "С теплом из Убуда,\nмастерская Rumah Topi",
      questions: "Есть вопросы? Просто ответьте на это письмо.",
      hours: "Часы работы: {hours}",
      making: "{min}–{max} рабочих дней",
      "promise.arrives": "Ориентировочная доставка: между {from} и {to}.",
      "promise.ready": "Шляпу можно будет забрать между {from} и {to}.",

      "received.subject": "Заказ {number} принят — {shop}",
      "received.intro": "Спасибо за заказ! Ниже — его подробности. Следить за заказом можно на его странице.",
      "received.cash.title": "Оплата в мастерской",
      "received.cash.visit":
        "Пожалуйста, приходите в мастерскую в течение 7 дней — до {date} (время на Бали) — и оплатите заказ наличными полностью: каждую шляпу мы начинаем плести после 100% предоплаты.",
      "received.cash.making":
        "Изготовление занимает {making} после оплаты. Заказы, не оплаченные в течение 7 дней, отменяются автоматически.",
      "received.online.making":
        "Как только оплата будет подтверждена, мы сообщим вам об этом и начнём плести шляпу — это занимает {making}.",
      "received.custom.online":
        "Как только предоплата будет подтверждена, мы сообщим вам об этом и начнём работу над шляпой в срок, указанный в нашем предложении. Остаток оплачивается, когда шляпа будет готова.",
      "received.custom.visit":
        "Пожалуйста, приходите в мастерскую в течение 7 дней — до {date} (время на Бали) — и внесите предоплату наличными.",
      "received.custom.cash":
        "Мы начнём работу над шляпой после предоплаты, в срок, указанный в нашем предложении. Заказы, не оплаченные в течение 7 дней, отменяются автоматически.",

      "confirmed.subject": "Оплата заказа {number} получена",
      "confirmed.text":
        "Спасибо! Мы получили оплату заказа {number}. Мастера уже приступают к вашей шляпе: изготовление занимает {making}, и мы напишем, когда она будет готова.",
      "confirmed.custom":
        "Спасибо! Мы получили остаток по заказу {number}: ваша шляпа оплачена полностью. Теперь мы отправим её — или будем ждать вас в мастерской, если вы выбрали самовывоз.",
      "confirmed.paid": "Оплачено",
      "rows.deposit": "Предоплата",
      "rows.balance": "Остаток, когда шляпа будет готова",

      "cancelled.subject": "Заказ {number} отменён",
      "cancelled.text": "Ваш заказ {number} ({hat}) отменён.",
      "cancelled.reason": "Причина: {reason}",
      "cancelled.reason.not-paid": "оплата не поступила в течение 7 дней.",
      "cancelled.reason.customer-request": "по вашей просьбе.",
      "cancelled.reason.unavailable": "к сожалению, мы не сможем изготовить для вас эту шляпу.",
      "cancelled.help": "Если это неожиданно для вас или шляпа всё ещё нужна, просто ответьте на это письмо — мы поможем.",

      "failed.subject": "Оплата заказа {number} не прошла",
      "failed.subject.expired": "Время на оплату заказа {number} истекло",
      "failed.text": "Оплата заказа {number} на сумму {total} не прошла.",
      "failed.text.expired": "Время на оплату заказа {number} на сумму {total} истекло.",
      "failed.saved": "Заказ сохранён: оплатите его ещё раз тем же или другим способом на странице заказа.",
      "failed.retry": "Оплатить ещё раз",

      "shop.subject": "Новый заказ {number}: {hat}, {total}",
      "shop.intro": "На сайте оформлен новый заказ.",
      "shop.language": "Язык покупателя",
      "shop.customer": "Покупатель",
      "shop.name": "Имя",
      "shop.phone": "Телефон",
      "shop.address": "Адрес",
      "shop.orderPage": "Страница заказа",

      "flagged.subject": "Платёж по заказу {number} требует внимания",
      "flagged.text":
        "Xendit сообщил о платеже, который магазин не провёл автоматически. Проверьте его в панели Xendit: возможно, нужен возврат или ручное подтверждение.",
      "flagged.reason": "Причина",
      "flagged.payment": "Платёж Xendit",
      "flagged.method": "Способ",
      "flagged.amount": "Сумма платежа",

      "shipped.subject": "Заказ {number} отправлен",
      "shipped.text": "Хорошие новости: ваш заказ {number} ({hat}) покинул мастерскую и уже в пути, его везёт {carrier}.",
      "shipped.carrier": "Перевозчик",
      "shipped.tracking": "Трек-номер",
      "shipped.track": "Отследить посылку",
      "shipped.noLink": "Отследить посылку по этому номеру можно на сайте перевозчика {carrier}.",

      "staff.about": "Это письмо о вашем заказе {number}.",

      "custom.subject": "Ваша заявка на шляпу на заказ {number} — {shop}",
      "custom.intro":
        "Спасибо за вашу заявку на шляпу на заказ {number}! Мы изучим ваши пожелания и свяжемся с вами в течение 48 часов, чтобы обсудить детали и назвать стоимость.",
      "custom.kept":
        "Всё, что вы написали в заявке, и фото-примеры, если вы их приложили, уже у наших мастеров; мы обсудим их с вами, когда напишем.",
      "custom.notYou": "Если вы не отправляли эту заявку, просто не обращайте внимания на это письмо.",
      "custom.hatType": "Тип шляпы",
      "custom.material": "Материал",
      "custom.size": "Размер",
      "custom.color": "Цвет",
      "custom.budget": "Бюджет",
      "custom.timeline": "Сроки",
      "custom.photos": "Фото-примеры",
      "custom.details": "Подробности",
      "custom.shop.subject": "Заявка на шляпу на заказ {number} от {name}: {hatType}",
      "custom.shop.intro": "С сайта пришла новая заявка на шляпу на заказ. Ответьте на это письмо, чтобы написать покупателю.",
      "custom.shop.from": "От",
      "custom.shop.phone": "Телефон",
      "custom.staff.subject": "Ваша заявка на шляпу на заказ {number}",
      "custom.staff.about": "Это письмо о вашей заявке на шляпу на заказ {number} ({hatType}).",
      "contact.subject": "Сообщение от {name}: {subject}",
      "contact.intro":
        "Посетитель написал через форму на сайте. Ответьте на это письмо, чтобы ответить ему, или ответьте из раздела «Входящие».",
      "contact.from": "От",
      "contact.topic": "Тема",
      "contact.received": "Получено",
      "contact.message": "Сообщение",
      "contact.open": "Открыть во «Входящих»",

      "reply.wrote": "{date} вы написали:",
      "reply.more": "Остались вопросы? Просто ответьте на это письмо.",
      "quote.subject": "Предложение по заявке на шляпу {number} — {shop}",
      "quote.subjectRevised": "Новая версия предложения ({version}) по заявке на шляпу {number} — {shop}",
      "quote.intro": "Спасибо за терпение. Вот наше предложение по вашей шляпе на заказ:",
      "quote.what": "Что мы сделаем",
      "quote.price": "Цена",
      "quote.deposit": "Предоплата ({percent}%)",
      "quote.balance": "Остаток, когда шляпа будет готова",
      "quote.production": "Срок изготовления",
      "quote.validUntil": "Действует до",
      "quote.next":
        "Чтобы начать, откройте предложение, примите его и внесите предоплату. Остаток и доставку вы оплатите, когда шляпа будет готова.",
      "quote.open": "Посмотреть и принять предложение",
      "quote.private": "Эта ссылка только для вас: любой, у кого она есть, увидит предложение.",
      "balance.subject": "Ваша шляпа готова: остаток по заказу {number}",
      "balance.text":
        "Хорошие новости: ваша шляпа на заказ (заказ {number}) готова. Пожалуйста, оплатите остаток (оставшуюся часть цены и доставку), чтобы мы могли отправить или передать её вам.",
      "balance.amount": "К оплате",
      "balance.paid": "Предоплата внесена",
      "balance.open": "Оплатить остаток",
      "deposit.subject": "Предоплата по заказу {number} получена",
      "deposit.text":
        "Мы получили предоплату за вашу шляпу на заказ (заказ {number}). Мы начинаем работу и напишем, когда шляпа будет готова, со ссылкой для оплаты остатка.",
    },
  },
);
