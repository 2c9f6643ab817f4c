import { defineMessages } from "./core.ts";

/** Texts of the Showroom page (routes/storefront/showroom.tsx); hours and map come from visit.ts. */
export const showroom = defineMessages(
  {
    "meta.title": "Showroom & Workshop Visits — {name}, Bali",
    "meta.description":
      "Visit the {name} hat workshop in {place}, Bali: try on every design, get measured and watch our weavers at work. Opening hours: {hours}. Book ahead on WhatsApp or Telegram.",

    "hero.eyebrow": "Showroom",
    "hero.title": "Visit our workshop in Bali",
    "hero.text":
      "Our showroom sits inside the working atelier in {place}. Try on finished designs, feel the difference between raffia, palm leaf and felt, and watch your next hat take shape on the block.",
    "hero.book": "Plan your visit",
    "hero.alt": "Straw boater hat with a flat crown and a navy-and-cream striped band, seen from the front",

    "expect.title": "What to expect",
    "expect.intro": "A visit usually takes thirty minutes to an hour. There is no pressure to buy: many guests simply come to watch.",
    "expect.tryOn": "Try on every design in the collection, in several sizes.",
    "expect.measure": "Have your head measured so your hat is made in the right size, from XS (54–55 cm) to XL (62–63 cm).",
    "expect.watch": "Watch our weavers braid, block, stitch and trim hats by hand.",
    "expect.custom": "Sketch a custom design with the artisan who will make it.",
    "expect.photo1": "Natural raffia bucket hat with a tan leather band",
    "expect.photo2": "Toasted palm-leaf trilby with a black ribbon, seen from the side",

    "testimonials.title": "What visitors say",
    "testimonials.1.quote":
      "We booked on WhatsApp the evening before and ended up spending the whole morning there. They measured my head, let me try a dozen shapes, and my panama reached Lyon a few weeks later. It fits perfectly.",
    "testimonials.1.name": "Sophie Laurent",
    "testimonials.1.country": "France",
    "testimonials.2.quote":
      "The best hour of our Ubud trip. Watching palm leaf turn into a brim was fascinating, and the team was so patient with our two kids trying on every hat in the room.",
    "testimonials.2.name": "James Whitaker",
    "testimonials.2.country": "Australia",

    "online.title": "Can't make it to Bali?",
    "online.text": "Every design in the showroom can be ordered online, made in your size and shipped worldwide.",
    "online.shop": "Shop the collection",
    "online.shipping": "Shipping & Returns",
  },
  {
    ru: {
      "meta.title": "Шоурум и визиты в мастерскую — {name}, Бали",
      "meta.description":
        "Приходите в шляпную мастерскую {name} на Бали ({place}): примерьте любую модель, снимите мерки и посмотрите, как работают наши мастера. Часы работы: {hours}. Запишитесь заранее в WhatsApp или Telegram.",

      "hero.eyebrow": "Шоурум",
      "hero.title": "Приходите к нам в мастерскую на Бали",
      "hero.text":
        "Шоурум находится прямо в работающей мастерской ({place}). Здесь можно примерить готовые модели, почувствовать разницу между рафией, пальмовым листом и фетром и увидеть, как на болванке рождается ваша будущая шляпа.",
      "hero.book": "Спланировать визит",
      "hero.alt": "Соломенное канотье с плоской тульей и лентой в тёмно-синюю и кремовую полоску, вид спереди",

      "expect.title": "Что вас ждёт",
      "expect.intro": "Обычно визит занимает от получаса до часа. Покупать ничего не обязательно: многие гости приходят просто посмотреть.",
      "expect.tryOn": "Примерить любую модель из коллекции в нескольких размерах.",
      "expect.measure": "Снять мерки, чтобы шляпа была сделана точно по размеру — от XS (54–55 см) до XL (62–63 см).",
      "expect.watch": "Посмотреть, как мастера вручную плетут, формуют, прошивают и отделывают шляпы.",
      "expect.custom": "Набросать эскиз индивидуальной шляпы вместе с мастером, который будет её делать.",
      "expect.photo1": "Шляпа-бакет из натуральной рафии со светло-коричневой кожаной лентой",
      "expect.photo2": "Трилби из пальмового листа табачного оттенка с чёрной лентой, вид сбоку",

      "testimonials.title": "Отзывы гостей",
      "testimonials.1.quote":
        "Мы записались через WhatsApp накануне вечером и в итоге провели в мастерской всё утро. Мне сняли мерки, дали примерить с десяток фасонов, а через несколько недель панама приехала ко мне в Лион. Сидит идеально.",
      "testimonials.1.name": "Софи Лоран",
      "testimonials.1.country": "Франция",
      "testimonials.2.quote":
        "Лучший час за всю поездку в Убуд. Было очень интересно смотреть, как пальмовый лист превращается в поля шляпы, а команда терпеливо помогала нашим двум детям перемерить все шляпы в зале.",
      "testimonials.2.name": "Джеймс Уитакер",
      "testimonials.2.country": "Австралия",

      "online.title": "Не получается приехать на Бали?",
      "online.text": "Любую модель из шоурума можно заказать онлайн: мы сделаем её по вашему размеру и отправим в любую страну.",
      "online.shop": "Смотреть коллекцию",
      "online.shipping": "Доставка и возврат",
    },
  },
);
