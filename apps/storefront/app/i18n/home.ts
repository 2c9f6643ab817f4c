import { defineMessages } from "./core.ts";

export const home = defineMessages(
  {
    "meta.title": "{name} — Handwoven Hats Made to Order in Bali",
    "meta.description":
      "Straw, palm-leaf and felt hats woven by hand in our Ubud workshop, made to order in your size and shipped worldwide.",
    "hero.eyebrow": "Handmade in Ubud, Bali",
    "hero.shop": "Shop the Collection",
    "hero.story": "Our Story",
    "hero.alt": "A handwoven hat from our workshop",
    "featured.title": "Featured Hats",
    "featured.text": "Customer favourites, ready to be woven for you.",
    "featured.all": "View all products",
    "featured.empty": "New hats are on the loom — see the whole collection.",
    "custom.title": "Dreaming of a hat that doesn't exist yet?",
    "custom.text":
      "Tell us the shape, the weave, the colour and the occasion. Our artisans will design it with you, send sketches, and weave it to your exact head size.",
    "custom.cta": "Start a Custom Order",
    "story.eyebrow": "The workshop",
    "story.title": "Woven by hand since {year}",
    "story.text1":
      "{founder} grew up watching her grandmother weave palm leaves into baskets in a village near Ubud. In {year} she gathered a few neighbouring weavers and started making hats — first for friends, then for travellers who found the workshop by chance.",
    "story.text2":
      "Today a small team of artisans braids, blocks and trims every hat by hand. Nothing is mass-produced: each piece is made once you order it, in your size.",
    "story.about": "Read our story",
    "story.showroom": "Visit the showroom",
    "social.title": "From the workshop",
    "social.follow": "Follow @{handle}",
    "social.error": "Failed to load Instagram posts",
    "error.title": "Error",
    "error.text": "Failed to load products. Please try again later.",
    "error.retry": "Try Again",
  },
  {
    ru: {
      "meta.title": "{name} — плетёные шляпы на заказ с Бали",
      "meta.description":
        "Шляпы из соломы, пальмового листа и фетра, сплетённые вручную в нашей мастерской в Убуде, сделанные по вашему размеру, с доставкой по всему миру.",
      "hero.eyebrow": "Ручная работа, Убуд, Бали",
      "hero.shop": "Смотреть коллекцию",
      "hero.story": "Наша история",
      "hero.alt": "Плетёная шляпа из нашей мастерской",
      "featured.title": "Избранные шляпы",
      "featured.text": "Любимые модели наших покупателей — сплетём такую и для вас.",
      "featured.all": "Все товары",
      "featured.empty": "Новые шляпы уже на станке — загляните в коллекцию.",
      "custom.title": "Мечтаете о шляпе, которой ещё нет?",
      "custom.text":
        "Расскажите нам о форме, плетении, цвете и поводе. Мастера придумают её вместе с вами, пришлют эскизы и сплетут точно по размеру вашей головы.",
      "custom.cta": "Заказать свою шляпу",
      "story.eyebrow": "Мастерская",
      "story.title": "Плетём вручную с {year} года",
      "story.text1":
        "{founder} выросла в деревне под Убудом, где её бабушка плела корзины из пальмовых листьев. В {year} году она собрала нескольких соседских мастериц и начала делать шляпы — сначала для друзей, а потом и для путешественников, случайно заглянувших в мастерскую.",
      "story.text2":
        "Сегодня небольшая команда мастеров плетёт, формует и отделывает каждую шляпу вручную. Ничего не производится массово: каждая шляпа делается после заказа и по вашему размеру.",
      "story.about": "Читать нашу историю",
      "story.showroom": "Посетить шоурум",
      "social.title": "Из мастерской",
      "social.follow": "Подписаться на @{handle}",
      "social.error": "Не удалось загрузить публикации Instagram",
      "error.title": "Ошибка",
      "error.text": "Не удалось загрузить товары. Пожалуйста, попробуйте позже.",
      "error.retry": "Попробовать снова",
    },
  },
);
