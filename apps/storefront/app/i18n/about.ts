import { defineMessages } from "./core.ts";

/** Texts of the About page (routes/storefront/about.tsx). */
export const about = defineMessages(
  {
    "meta.title": "About Us — {name}, a Hat Workshop in Bali",
    "meta.description":
      "Since {year}, {name} has woven straw, palm-leaf, raffia and felt hats to order in Bali. Meet our founder {founder}, our weavers and the people we make hats for.",

    "hero.eyebrow": "Our story",
    "hero.title": "Hats woven by hand in Bali, one order at a time",
    "hero.text":
      "{name} is a small hat workshop in {place}. Since {year} our weavers have shaped straw, palm leaf, raffia and felt into hats made for one person — you — and shipped wherever you are.",
    "hero.shop": "Shop the collection",
    "hero.showroom": "Visit the showroom",
    "hero.alt": "Natural fine-straw panama hat with a brown leather band and a feather, seen from the front",

    "story.eyebrow": "Since {year}",
    "story.title": "How it began",
    "story.p1":
      "{founder} grew up watching her grandmother weave palm leaves into offering baskets and mats. In {year} she set up a table in the family compound, invited two neighbouring weavers to join her, and began turning those village techniques into hats — first for friends, then for travellers who found the workshop by word of mouth.",
    "story.p2":
      "Today a small team of local artisans braids, blocks, stitches and trims every hat by hand. Nothing is mass-produced and nothing waits in a warehouse: we start weaving once you order, in your size.",
    "story.quote": "A good hat should feel as if it was made for you — because it was.",
    "story.quoteBy": "{founder}, founder of {name}",
    "story.alt": "Pandan palm-leaf beach hat seen from above, showing the tight weave and a turquoise beaded band",

    "craft.title": "How we work",
    "craft.madeToOrder.title": "Made to order",
    "craft.madeToOrder.text": "Every hat is woven after you order it, in your head size, so it fits the way a hat should.",
    "craft.materials.title": "Natural materials",
    "craft.materials.text":
      "Fine straw, pandan and palm leaf, raffia, wool felt and cotton, finished with ribbon, leather or hand-strung beads.",
    "craft.hands.title": "Local hands",
    "craft.hands.text": "Our weavers come from the villages around Ubud and are paid fairly for skilled work they are proud to sign off.",

    "audience.title": "Who we make hats for",
    "audience.intro": "Different people, one shared wish: a hat that fits well, gives real shade and lasts for years.",
    "audience.travellers.title": "Travellers",
    "audience.travellers.text":
      "A sun hat for Bali and every trip after it. Order before you fly, or come to the showroom to be measured while you are on the island.",
    "audience.events.title": "Resorts, weddings & events",
    "audience.events.text":
      "Matching hats for hotel teams, wedding parties and retreats, with your colours on the band and one person to talk to from first sample to delivery.",
    "audience.everyday.title": "Everyday sun lovers",
    "audience.everyday.text":
      "Gardeners, surfers and market-goers who want a wide brim that shades face and neck, and still looks good after a whole season outdoors.",
    "audience.gifts.title": "Gift givers",
    "audience.gifts.text":
      "A hat made in the recipient's size, with a band in their favourite colour, packed in a sturdy box and shipped worldwide.",

    "workshop.title": "Inside the workshop",
    "workshop.intro": "A few of the hats that have recently left our worktables, each shaped and finished by hand.",
    "workshop.1.alt": "Side view of a natural raffia sun hat with a wide, soft brim and a cream band trimmed with shells",
    "workshop.1.caption": "Raffia sun hat with a shell-trimmed band",
    "workshop.2.alt": "Dark palm-leaf cowboy hat with rolled sides and a leather band with a metal concho",
    "workshop.2.caption": "Palm-leaf cowboy hat, blocked by hand",
    "workshop.3.alt": "Bleached straw panama seen from above, showing the fine weave of its flat crown and brim",
    "workshop.3.caption": "Fine-straw panama: the weave up close",
    "workshop.4.alt": "Side view of a honey-coloured straw beach hat with a very wide floppy brim and a navy ribbon",
    "workshop.4.caption": "Wide-brim beach hat in honey straw",

    "cta.title": "Have a hat in mind?",
    "cta.text":
      "Tell us the shape, size, colours and band you dream of. We will design it with you, agree every detail and weave it just for you.",
    "cta.custom": "Start a custom order",
    "cta.shop": "Browse ready designs",
    "cta.showroom": "Plan a showroom visit",
  },
  {
    ru: {
      "meta.title": "О нас — {name}, шляпная мастерская на Бали",
      "meta.description":
        "С {year} года {name} плетёт на заказ шляпы из соломы, пальмового листа, рафии и фетра на Бали. Познакомьтесь с основательницей {founder}, нашими мастерами и теми, для кого мы работаем.",

      "hero.eyebrow": "Наша история",
      "hero.title": "Плетём шляпы вручную на Бали — по одной, под каждый заказ",
      "hero.text":
        "{name} — небольшая шляпная мастерская на Бали, в районе {place}. С {year} года наши мастера превращают солому, пальмовый лист, рафию и фетр в шляпы, которые делаются для одного человека — для вас — и отправляются туда, где вы живёте.",
      "hero.shop": "Смотреть коллекцию",
      "hero.showroom": "Прийти в шоурум",
      "hero.alt": "Панама из тонкой натуральной соломы с коричневой кожаной лентой и пером, вид спереди",

      "story.eyebrow": "С {year} года",
      "story.title": "С чего всё началось",
      "story.p1":
        "{founder} выросла, глядя, как бабушка плетёт из пальмовых листьев корзинки для подношений и циновки. В {year} году она поставила стол во дворе семейного дома, позвала двух соседок-мастериц и стала превращать деревенские техники плетения в шляпы — сначала для друзей, а потом и для путешественников, которые узнавали о мастерской от знакомых.",
      "story.p2":
        "Сегодня небольшая команда местных мастеров вручную плетёт, формует, прошивает и отделывает каждую шляпу. Никакого массового производства и складов: мы начинаем плести, когда вы оформляете заказ, и делаем шляпу по вашему размеру.",
      "story.quote": "Хорошая шляпа должна сидеть так, будто её сделали специально для вас. Так и есть.",
      "story.quoteBy": "{founder}, основательница {name}",
      "story.alt": "Пляжная шляпа из листьев пандана, вид сверху: плотное плетение и бирюзовая лента из бисера",

      "craft.title": "Как мы работаем",
      "craft.madeToOrder.title": "Только на заказ",
      "craft.madeToOrder.text":
        "Каждую шляпу мы плетём после вашего заказа и по обхвату вашей головы, поэтому она сидит именно так, как должна.",
      "craft.materials.title": "Натуральные материалы",
      "craft.materials.text":
        "Тонкая солома, пандан и пальмовый лист, рафия, шерстяной фетр и хлопок, а для отделки — лента, кожа или бисер, нанизанный вручную.",
      "craft.hands.title": "Местные мастера",
      "craft.hands.text":
        "Наши мастера живут в деревнях вокруг Убуда и получают достойную плату за тонкую работу, которой по праву гордятся.",

      "audience.title": "Для кого мы делаем шляпы",
      "audience.intro": "Люди разные, а желание одно: шляпа, которая хорошо сидит, по-настоящему защищает от солнца и служит годами.",
      "audience.travellers.title": "Путешественники",
      "audience.travellers.text":
        "Шляпа от солнца для Бали и всех следующих поездок. Закажите её до вылета или приходите в шоурум снять мерки, пока вы на острове.",
      "audience.events.title": "Отели, свадьбы и мероприятия",
      "audience.events.text":
        "Одинаковые шляпы для команды отеля, свадебных гостей или участников ретрита — с лентой в ваших цветах и одним контактным лицом от первого образца до доставки.",
      "audience.everyday.title": "Любители солнца",
      "audience.everyday.text":
        "Садоводы, сёрферы и завсегдатаи рынков, которым нужны широкие поля, закрывающие лицо и шею, и шляпа, которая хорошо выглядит даже после целого сезона на улице.",
      "audience.gifts.title": "Для подарка",
      "audience.gifts.text":
        "Шляпа по размеру того, кому она предназначена, с лентой любимого цвета — в прочной коробке и с доставкой в любую страну.",

      "workshop.title": "В мастерской",
      "workshop.intro": "Несколько шляп, недавно покинувших наши рабочие столы. Каждую из них сформовали и отделали вручную.",
      "workshop.1.alt": "Шляпа от солнца из натуральной рафии с широкими мягкими полями и кремовой лентой с ракушками, вид сбоку",
      "workshop.1.caption": "Шляпа из рафии с лентой, украшенной ракушками",
      "workshop.2.alt": "Ковбойская шляпа из тёмного пальмового листа с загнутыми полями и кожаной лентой с металлическим кончо",
      "workshop.2.caption": "Ковбойская шляпа из пальмового листа, формованная вручную",
      "workshop.3.alt": "Панама из отбелённой соломы, вид сверху: видно тонкое плетение плоской тульи и полей",
      "workshop.3.caption": "Панама из тонкой соломы: плетение крупным планом",
      "workshop.4.alt": "Пляжная шляпа из соломы медового оттенка с очень широкими мягкими полями и тёмно-синей лентой, вид сбоку",
      "workshop.4.caption": "Пляжная шляпа с широкими полями из медовой соломы",

      "cta.title": "Уже представляете свою шляпу?",
      "cta.text":
        "Расскажите, какая форма, размер, цвета и лента вам нравятся. Мы вместе продумаем дизайн, согласуем каждую деталь и сплетём шляпу специально для вас.",
      "cta.custom": "Заказать индивидуальную шляпу",
      "cta.shop": "Смотреть готовые модели",
      "cta.showroom": "Запланировать визит в шоурум",
    },
  },
);
