import type { SeedProduct } from "./types.ts";

/** The starting catalogue: one hat per committed photo set (scripts/hat-designs.ts). */
export const seedProducts: SeedProduct[] = [
  {
    photo: "hat-01",
    name: "Ubud Classic Panama",
    description:
      "Our signature Panama, woven from fine toquilla-style straw in a tight, even weave and blocked by hand in our Ubud workshop to a classic teardrop crown. A black grosgrain ribbon with a neat side bow finishes the 6.5 cm snap brim, which dips at the front to shade the eyes. Made to order in your head size, it is at home at a garden lunch, a wedding or a long day in the sun.",
    priceCents: 18500,
    material: "Fine toquilla-style straw",
    color: "Natural ivory with black grosgrain ribbon",
    crownStyle: "Teardrop pinch",
    brimSize: "6.5 cm snap brim",
    sizes: [55, 56, 57, 58, 59, 60],
    isNew: false,
    isFeatured: true,
    inStock: true,
    translations: {
      ru: {
        name: "Панама «Убуд Классик»",
        description:
          "Наша фирменная панама из тонкой соломки в стиле токилья: плотное ровное плетение, а тулью-каплю мы вручную формуем в нашей мастерской в Убуде. Чёрная репсовая лента с аккуратным бантом сбоку, поля 6,5 см спереди чуть опущены и защищают глаза от солнца. Изготавливаем на заказ по вашему размеру — шляпа уместна и на обеде в саду, и на свадьбе, и в долгий солнечный день.",
        material: "Тонкая соломка в стиле токилья",
        color: "Натуральная слоновая кость, чёрная репсовая лента",
        crownStyle: "Тулья-капля с заломами",
        brimSize: "поля 6,5 см, спереди опущены",
      },
    },
  },
  {
    photo: "hat-02",
    name: "Kintamani Black Felt Fedora",
    description:
      "A sharp black fedora in dense wool felt, steamed and shaped by hand over a wooden block into a deep teardrop pinch. A cognac leather band sets off the 6 cm snap brim. Warm enough for cool evenings up in the Kintamani highlands and smart enough for the city.",
    priceCents: 21500,
    material: "Wool felt",
    color: "Black with cognac leather band",
    crownStyle: "Teardrop pinch",
    brimSize: "6 cm snap brim",
    sizes: [56, 57, 58, 59, 60],
    isNew: false,
    isFeatured: true,
    inStock: true,
    translations: {
      ru: {
        name: "Чёрная фетровая федора «Кинтамани»",
        description:
          "Строгая чёрная федора из плотного шерстяного фетра: мастер вручную отпаривает её и формует на деревянной болванке, создавая глубокую тулью-каплю. Кожаная лента коньячного цвета подчёркивает поля 6 см, опущенные спереди. Согреет прохладным вечером в горах Кинтамани и отлично смотрится в городе.",
        material: "Шерстяной фетр",
        color: "Чёрный, кожаная лента коньячного цвета",
        crownStyle: "Тулья-капля с заломами",
        brimSize: "поля 6 см, спереди опущены",
      },
    },
  },
  {
    photo: "hat-03",
    name: "Sanur Camel Felt Trilby",
    description:
      "A short-brimmed trilby in soft camel wool felt with a chocolate ribbon and side bow. Each one is blocked by hand to a neat teardrop crown and a 4.2 cm snap brim that sits close to the head. Made to order in our workshop, it is an easy companion for travel, morning markets and breezy days by the sea at Sanur.",
    priceCents: 16900,
    material: "Wool felt",
    color: "Camel with chocolate ribbon",
    crownStyle: "Teardrop pinch",
    brimSize: "4.2 cm snap brim",
    sizes: [55, 56, 57, 58],
    isNew: true,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Фетровая трилби «Санур»",
        description:
          "Трилби с короткими полями из мягкого шерстяного фетра цвета кэмел, с шоколадной лентой и бантом сбоку. Каждую шляпу мы формуем вручную: аккуратная тулья-капля и поля 4,2 см, опущенные спереди, плотно сидят на голове. Изготавливается на заказ в нашей мастерской — удобная спутница в поездках, на утреннем рынке и в ветреный день у моря в Сануре.",
        material: "Шерстяной фетр",
        color: "Кэмел, шоколадная лента с бантом",
        crownStyle: "Тулья-капля с заломами",
        brimSize: "поля 4,2 см, спереди опущены",
      },
    },
  },
  {
    photo: "hat-04",
    name: "Seminyak Striped Boater",
    description:
      "A crisp boater in bleached woven straw with a flat top and a perfectly level 6.5 cm brim. The straw is braided, stitched in rounds and pressed firm by hand, then finished with a navy and cream striped band. Made to order for garden parties, regattas and sunset drinks in Seminyak.",
    priceCents: 11500,
    material: "Woven straw",
    color: "Bleached straw with navy & cream striped band",
    crownStyle: "Flat top",
    brimSize: "6.5 cm flat brim",
    sizes: [56, 57, 58, 59],
    isNew: false,
    isFeatured: false,
    inStock: false,
    translations: {
      ru: {
        name: "Канотье «Семиньяк»",
        description:
          "Строгое канотье из отбелённой плетёной соломки с плоской тульей и идеально ровными полями 6,5 см. Соломенную тесьму мы вручную сшиваем по кругу и плотно прессуем, а затем отделываем лентой в тёмно-синюю и кремовую полоску. Изготавливается на заказ — для садовых вечеринок, регат и коктейлей на закате в Семиньяке.",
        material: "Плетёная соломка",
        color: "Отбелённая солома, лента в тёмно-синюю и кремовую полоску",
        crownStyle: "Плоская тулья",
        brimSize: "плоские поля 6,5 см",
      },
    },
  },
  {
    photo: "hat-05",
    name: "Amed Raffia Sun Hat",
    description:
      "A soft, generous sun hat crocheted by hand from natural raffia, with a rounded dome crown and a 13 cm floppy brim that shades face and shoulders. A cream cotton band is trimmed with small cowrie shells. Light and packable, it is made for beach days in Amed and long lunches in the shade.",
    priceCents: 8950,
    material: "Natural raffia",
    color: "Natural raffia with cream band and shells",
    crownStyle: "Rounded dome",
    brimSize: "13 cm floppy brim",
    sizes: [54, 55, 56, 57, 58],
    isNew: false,
    isFeatured: true,
    inStock: true,
    translations: {
      ru: {
        name: "Шляпа из рафии «Амед»",
        description:
          "Мягкая широкополая шляпа, вручную связанная крючком из натуральной рафии: округлая тулья-купол и свободные поля 13 см, которые укрывают от солнца лицо и плечи. Кремовая хлопковая лента украшена маленькими ракушками каури. Лёгкая, её легко сложить в сумку — для пляжных дней в Амеде и долгих обедов в тени.",
        material: "Натуральная рафия",
        color: "Натуральная рафия, кремовая лента с ракушками",
        crownStyle: "Округлая тулья-купол",
        brimSize: "мягкие поля 13 см",
      },
    },
  },
  {
    photo: "hat-06",
    name: "Canggu Sage Bucket Hat",
    description:
      "A relaxed bucket hat in sage cotton canvas, cut and sewn in our workshop with rows of stitching around the crown and a 5.5 cm down-turned brim. It is light, washable and folds flat into a bag. Throw it on for surf mornings in Canggu, festivals and city walks.",
    priceCents: 4900,
    material: "Cotton canvas",
    color: "Sage green, tone-on-tone stitching",
    crownStyle: "Soft stitched crown",
    brimSize: "5.5 cm down-turned brim",
    sizes: [54, 55, 56, 57, 58, 59],
    isNew: false,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Панама-бакет «Чангу»",
        description:
          "Непринуждённая панама-бакет из хлопкового канваса шалфейного цвета: мы кроим и шьём её в мастерской, прострачивая тулью рядами строчек, а поля 5,5 см мягко опущены вниз. Она лёгкая, её можно стирать и складывать в сумку. Подойдёт для утреннего сёрфинга в Чангу, фестивалей и прогулок по городу.",
        material: "Хлопковый канвас",
        color: "Шалфейный, строчка в тон",
        crownStyle: "Мягкая прострочённая тулья",
        brimSize: "опущенные поля 5,5 см",
      },
    },
  },
  {
    photo: "hat-07",
    name: "Tabanan Palm Leaf Cowboy",
    description:
      "A cowboy hat woven by hand from dark lontar palm leaf, shaped with a cattleman crease and a 9 cm brim curled up at the sides. A dark brown leather band is fastened with a small metal concho. Sturdy and breathable, it is ideal for rice-field walks in Tabanan, ranch weekends and summer festivals.",
    priceCents: 9800,
    material: "Woven palm leaf (lontar)",
    color: "Dark palm with dark brown leather band and concho",
    crownStyle: "Cattleman crease",
    brimSize: "9 cm curled brim",
    sizes: [57, 58, 59, 60, 61],
    isNew: false,
    isFeatured: true,
    inStock: true,
    translations: {
      ru: {
        name: "Ковбойская шляпа «Табанан»",
        description:
          "Ковбойская шляпа, вручную сплетённая из тёмного пальмового листа лонтар, с классическим заломом «каттлмен» и полями 9 см, подвёрнутыми по бокам. Тёмно-коричневый кожаный ремешок застёгнут небольшой металлической пряжкой-кончо. Прочная и хорошо пропускает воздух — для прогулок по рисовым террасам Табанана, выходных на ранчо и летних фестивалей.",
        material: "Плетёный пальмовый лист (лонтар)",
        color: "Тёмный пальмовый лист, тёмно-коричневый кожаный ремешок с кончо",
        crownStyle: "Ковбойский залом «каттлмен»",
        brimSize: "поля 9 см, подвёрнуты по бокам",
      },
    },
  },
  {
    photo: "hat-08",
    name: "Sidemen Terracotta Cloche",
    description:
      "A 1920s-inspired cloche in terracotta wool felt, blocked by hand into a close bell shape with a 4 cm brim that frames the face. A cream ribbon with a little bow softens the warm, earthy colour. Made to order, it is lovely for cool mornings in the Sidemen hills and for autumn in the city.",
    priceCents: 14500,
    material: "Wool felt",
    color: "Terracotta with cream ribbon",
    crownStyle: "Bell",
    brimSize: "4 cm bell brim",
    sizes: [54, 55, 56, 57],
    isNew: true,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Фетровая шляпка-клош «Сидемен»",
        description:
          "Шляпка-клош в духе 1920-х из шерстяного фетра терракотового цвета: мы вручную формуем её в аккуратный колокол с полями 4 см, которые красиво обрамляют лицо. Кремовая лента с маленьким бантом смягчает тёплый землистый оттенок. Изготавливается на заказ — хороша прохладным утром в холмах Сидемена и осенью в городе.",
        material: "Шерстяной фетр",
        color: "Терракотовый, кремовая лента с бантом",
        crownStyle: "Тулья-колокол",
        brimSize: "поля-колокол 4 см",
      },
    },
  },
  {
    photo: "hat-09",
    name: "Batur Navy Porkpie",
    description:
      "A compact porkpie in navy wool felt with a flat telescope crown and a short 4.5 cm brim turned up all round. The tan woven band is plaited by hand in the workshop. Made to order, it is a sharp choice for jazz nights, cool evenings by Lake Batur and everyday city wear.",
    priceCents: 15900,
    material: "Wool felt",
    color: "Navy with tan woven band",
    crownStyle: "Telescope",
    brimSize: "4.5 cm upturned brim",
    sizes: [56, 57, 58, 59, 60, 61],
    isNew: false,
    isFeatured: false,
    inStock: false,
    translations: {
      ru: {
        name: "Фетровый поркпай «Батур»",
        description:
          "Компактный поркпай из тёмно-синего шерстяного фетра с плоской тульей «телескоп» и короткими полями 4,5 см, загнутыми вверх по всему кругу. Плетёную ленту песочного цвета мастера сплетают вручную прямо в мастерской. Изготавливается на заказ — стильный выбор для джазового вечера, прохладных вечеров у озера Батур и города.",
        material: "Шерстяной фетр",
        color: "Тёмно-синий, плетёная лента песочного цвета",
        crownStyle: "Тулья «телескоп»",
        brimSize: "поля 4,5 см, загнуты вверх",
      },
    },
  },
  {
    photo: "hat-10",
    name: "Nusa Penida Beach Hat",
    description:
      "A wide beach hat woven by hand from palm leaf in a warm pandan-natural tone, with a rounded dome crown and a 15 cm floppy brim. A band of turquoise beads with coral accents is strung and stitched on by our weavers. Made to order for island hopping, boat trips to Nusa Penida and lazy afternoons on the sand.",
    priceCents: 7450,
    material: "Woven palm leaf (lontar)",
    color: "Pandan natural with turquoise beaded band",
    crownStyle: "Rounded dome",
    brimSize: "15 cm floppy brim",
    sizes: [54, 55, 56, 57, 58],
    isNew: false,
    isFeatured: true,
    inStock: true,
    translations: {
      ru: {
        name: "Пляжная шляпа «Нуса Пенида»",
        description:
          "Широкая пляжная шляпа, вручную сплетённая из пальмового листа тёплого натурального оттенка пандана, с округлой тульей и мягкими полями 15 см. Ленту из бирюзового бисера с коралловыми вкраплениями наши мастерицы нанизывают и пришивают вручную. Изготавливается на заказ — для путешествий по островам, морских прогулок на Нуса Пениду и ленивых дней на песке.",
        material: "Плетёный пальмовый лист (лонтар)",
        color: "Натуральный пандан, лента из бирюзового бисера",
        crownStyle: "Округлая тулья-купол",
        brimSize: "мягкие поля 15 см",
      },
    },
  },
  {
    photo: "hat-11",
    name: "Munduk Olive Wide Brim",
    description:
      "A wide-brimmed hat in olive wool felt with a teardrop crown and a level 9.5 cm flat brim. A brown leather band carries a single feather tucked in at the side. Blocked and finished by hand, it is a handsome hat for misty mountain walks around Munduk, country weekends and autumn travel.",
    priceCents: 19800,
    material: "Wool felt",
    color: "Olive with brown leather band and feather",
    crownStyle: "Teardrop pinch",
    brimSize: "9.5 cm flat brim",
    sizes: [57, 58, 59, 60, 61, 62],
    isNew: false,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Широкополая шляпа «Мундук»",
        description:
          "Широкополая шляпа из шерстяного фетра оливкового цвета с тульей-каплей и ровными плоскими полями 9,5 см. Коричневый кожаный ремешок украшен пером, заправленным сбоку. Мы формуем и отделываем её вручную — отличная шляпа для туманных горных прогулок у Мундука, выходных за городом и осенних путешествий.",
        material: "Шерстяной фетр",
        color: "Оливковый, коричневый кожаный ремешок с пером",
        crownStyle: "Тулья-капля с заломами",
        brimSize: "плоские поля 9,5 см",
      },
    },
  },
  {
    photo: "hat-12",
    name: "Jimbaran Telescope Panama",
    description:
      "A breezy Panama in bleached fine toquilla-style straw with a flat telescope crown and a 5 cm brim turned up all round. A terracotta ribbon band adds a warm touch of colour. Woven and blocked by hand in the workshop and made to order, it is made for sunset seafood dinners on Jimbaran beach.",
    priceCents: 17500,
    material: "Fine toquilla-style straw",
    color: "Bleached straw with terracotta ribbon",
    crownStyle: "Telescope",
    brimSize: "5 cm upturned brim",
    sizes: [55, 56, 57, 58, 59],
    isNew: false,
    isFeatured: true,
    inStock: true,
    translations: {
      ru: {
        name: "Панама «Джимбаран»",
        description:
          "Лёгкая панама из отбелённой тонкой соломки в стиле токилья с плоской тульей «телескоп» и полями 5 см, загнутыми вверх по кругу. Терракотовая лента добавляет ей тёплый акцент. Плетём и формуем вручную в мастерской, изготавливаем на заказ — для ужинов из морепродуктов на закате на пляже Джимбарана.",
        material: "Тонкая соломка в стиле токилья",
        color: "Отбелённая солома, терракотовая лента",
        crownStyle: "Тулья «телескоп»",
        brimSize: "поля 5 см, загнуты вверх",
      },
    },
  },
  {
    photo: "hat-13",
    name: "Tegallalang Sage Sun Hat",
    description:
      "A soft sun hat crocheted by hand from raffia dyed a gentle sage, with a rounded dome crown and a wide, gently drooping brim. A natural woven band circles the crown. Light, cool and easy to pack, it is one to wear for rice-terrace walks in Tegallalang, markets and garden afternoons.",
    priceCents: 8500,
    material: "Raffia",
    color: "Sage with natural woven band",
    crownStyle: "Rounded dome",
    brimSize: "",
    sizes: [54, 55, 56, 57, 58],
    isNew: true,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Шляпа из рафии «Тегаллаланг»",
        description:
          "Мягкая шляпа от солнца, вручную связанная крючком из рафии нежного шалфейного оттенка, с округлой тульей и широкими, слегка опущенными полями. Тулью охватывает плетёная лента натурального цвета. Лёгкая, прохладная и удобная в дороге — для прогулок по рисовым террасам Тегаллаланга, походов на рынок и послеобеденных часов в саду.",
        material: "Рафия",
        color: "Шалфейный, плетёная лента натурального цвета",
        crownStyle: "Округлая тулья-купол",
        brimSize: "",
      },
    },
  },
  {
    photo: "hat-14",
    name: "Uluwatu Straw Cowboy",
    description:
      "A big-hearted cowboy hat in bleached woven straw, with a tall cattleman crease and a 10 cm brim curled up at the sides. The black and white beaded band is threaded by hand, bead by bead. Made to order for clifftop sunsets at Uluwatu, country festivals and desert road trips.",
    priceCents: 10900,
    material: "Woven straw",
    color: "Bleached straw with black & white beaded band",
    crownStyle: "Cattleman crease",
    brimSize: "10 cm curled brim",
    sizes: [58, 59, 60, 61, 62, 63],
    isNew: false,
    isFeatured: false,
    inStock: false,
    translations: {
      ru: {
        name: "Соломенная ковбойская шляпа «Улувату»",
        description:
          "Эффектная ковбойская шляпа из отбелённой плетёной соломки с высокой тульей, заломом «каттлмен» и полями 10 см, подвёрнутыми по бокам. Ленту из чёрного и белого бисера мы нанизываем вручную, бусину за бусиной. Изготавливается на заказ — для закатов на скалах Улувату, кантри-фестивалей и поездок по пустынным дорогам.",
        material: "Плетёная соломка",
        color: "Отбелённая солома, лента из чёрно-белого бисера",
        crownStyle: "Ковбойский залом «каттлмен»",
        brimSize: "поля 10 см, подвёрнуты по бокам",
      },
    },
  },
  {
    photo: "hat-15",
    name: "Padang Bai Raffia Bucket",
    description:
      "A structured bucket hat crocheted from natural raffia, with a 6 cm down-turned brim and a slim tan leather band. Worked by hand in tight rounds, it holds its shape yet stays light and breathable. Great for ferry days from Padang Bai, beach bars and weekend markets.",
    priceCents: 6450,
    material: "Natural raffia",
    color: "Natural raffia with tan leather band",
    crownStyle: "Rounded bucket crown",
    brimSize: "6 cm down-turned brim",
    sizes: [54, 55, 56, 57],
    isNew: false,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Панама-бакет из рафии «Паданг Бай»",
        description:
          "Панама-бакет, связанная крючком из натуральной рафии, с опущенными полями 6 см и тонким светло-коричневым кожаным ремешком. Мы вяжем её вручную плотными рядами, поэтому она держит форму и при этом остаётся лёгкой и дышащей. Отлично подходит для переправ на пароме из Паданг Бая, пляжных баров и рынков выходного дня.",
        material: "Натуральная рафия",
        color: "Натуральная рафия, светло-коричневый кожаный ремешок",
        crownStyle: "Округлая тулья-бакет",
        brimSize: "опущенные поля 6 см",
      },
    },
  },
  {
    photo: "hat-16",
    name: "Legian Natural Straw Boater",
    description:
      "A classic boater in golden natural woven straw with a flat top and a crisp 7 cm flat brim. Our weavers braid the straw, sew it in rounds and press it firm by hand before adding a black and cream striped band. Made to order, it is smart for weddings, summer parties and evenings on Legian's beachfront.",
    priceCents: 11900,
    material: "Woven straw",
    color: "Natural straw with black & cream striped band",
    crownStyle: "Flat top",
    brimSize: "7 cm flat brim",
    sizes: [56, 57, 58, 59, 60],
    isNew: true,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Канотье «Легиан»",
        description:
          "Классическое канотье из натуральной плетёной соломки золотистого оттенка с плоской тульей и жёсткими ровными полями 7 см. Наши мастера плетут соломенную тесьму, вручную сшивают её по кругу и плотно прессуют, а затем добавляют ленту в чёрную и кремовую полоску. Изготавливается на заказ — элегантный выбор для свадеб, летних вечеринок и вечеров на набережной Легиана.",
        material: "Плетёная соломка",
        color: "Натуральная солома, лента в чёрную и кремовую полоску",
        crownStyle: "Плоская тулья",
        brimSize: "плоские поля 7 см",
      },
    },
  },
  {
    photo: "hat-17",
    name: "Campuhan Chocolate Fedora",
    description:
      "A rich chocolate-brown fedora in wool felt, hand-blocked to a teardrop pinch with a generous 7 cm snap brim. A black grosgrain ribbon with a side bow keeps it timeless. Made to order, it is one to wear for evening walks along the Campuhan ridge, dinners out and cooler travel days.",
    priceCents: 21000,
    material: "Wool felt",
    color: "Chocolate with black grosgrain ribbon",
    crownStyle: "Teardrop pinch",
    brimSize: "7 cm snap brim",
    sizes: [57, 58, 59, 60, 61, 62],
    isNew: false,
    isFeatured: true,
    inStock: true,
    translations: {
      ru: {
        name: "Фетровая федора «Чампухан»",
        description:
          "Федора насыщенного шоколадного цвета из шерстяного фетра: тулья-капля отформована вручную, широкие поля 7 см опущены спереди. Чёрная репсовая лента с бантом сбоку — классика, которая не выходит из моды. Изготавливается на заказ — надевайте её на вечернюю прогулку по хребту Чампухан, на ужин в ресторане и в прохладные дни в дороге.",
        material: "Шерстяной фетр",
        color: "Шоколадный, чёрная репсовая лента с бантом",
        crownStyle: "Тулья-капля с заломами",
        brimSize: "поля 7 см, спереди опущены",
      },
    },
  },
  {
    photo: "hat-18",
    name: "Pejeng Palm Leaf Trilby",
    description:
      "A lightweight trilby woven by hand from toasted palm leaf, with a teardrop crown and a short 4.5 cm snap brim. A plain black ribbon keeps the look clean. Breathable and easy to wear, it suits village walks around Pejeng, café afternoons and hot tropical days.",
    priceCents: 7900,
    material: "Woven palm leaf (lontar)",
    color: "",
    crownStyle: "Teardrop pinch",
    brimSize: "4.5 cm snap brim",
    sizes: [55, 56, 57, 58, 59],
    isNew: false,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Трилби из пальмового листа «Педженг»",
        description:
          "Лёгкая трилби, вручную сплетённая из пальмового листа тёплого золотисто-коричневого оттенка, с тульей-каплей и короткими полями 4,5 см, опущенными спереди. Простая чёрная лента делает образ лаконичным. Хорошо пропускает воздух и удобно сидит — для прогулок по деревням вокруг Педженга, посиделок в кафе и жарких тропических дней.",
        material: "Плетёный пальмовый лист (лонтар)",
        color: "",
        crownStyle: "Тулья-капля с заломами",
        brimSize: "поля 4,5 см, спереди опущены",
      },
    },
  },
  {
    photo: "hat-19",
    name: "Bedugul Cream Wide Brim",
    description:
      "A statement wide-brim hat in cream wool felt with a flat telescope crown and a broad 10 cm flat brim. A black leather band with a silver-toned concho adds a touch of Western style. Made to order for cool highland days in Bedugul, city weekends and autumn weddings.",
    priceCents: 23500,
    material: "Wool felt",
    color: "Cream with black leather band and concho",
    crownStyle: "Telescope",
    brimSize: "10 cm flat brim",
    sizes: [55, 56, 57, 58],
    isNew: false,
    isFeatured: true,
    inStock: false,
    translations: {
      ru: {
        name: "Широкополая шляпа «Бедугул»",
        description:
          "Эффектная широкополая шляпа из шерстяного фетра кремового цвета с плоской тульей «телескоп» и широкими ровными полями 10 см. Чёрный кожаный ремешок с серебристой пряжкой-кончо добавляет нотку вестерна. Изготавливается на заказ — для прохладных дней в горах Бедугула, выходных в городе и осенних свадеб.",
        material: "Шерстяной фетр",
        color: "Кремовый, чёрный кожаный ремешок с кончо",
        crownStyle: "Тулья «телескоп»",
        brimSize: "плоские поля 10 см",
      },
    },
  },
  {
    photo: "hat-20",
    name: "Kuta Honey Straw Beach Hat",
    description:
      "A generous beach hat in honey-toned woven straw with a rounded crown and a 15 cm floppy brim for all-day shade. A navy ribbon tied in a bow adds a crisp contrast. Woven by hand in our workshop, it is one to pack for Kuta sunsets, lazy days by the pool and seaside holidays.",
    priceCents: 9200,
    material: "Woven straw",
    color: "Honey straw with navy ribbon",
    crownStyle: "Rounded dome",
    brimSize: "15 cm floppy brim",
    sizes: [54, 55, 56, 57, 58],
    isNew: true,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Пляжная шляпа «Кута»",
        description:
          "Широкая пляжная шляпа из плетёной соломки медового оттенка с округлой тульей и мягкими полями 15 см, которые дают тень весь день. Тёмно-синяя лента, завязанная бантом, создаёт чёткий контраст. Сплетена вручную в нашей мастерской — возьмите её на закаты в Куте, к бассейну и в отпуск на море.",
        material: "Плетёная соломка",
        color: "Медовая солома, тёмно-синяя лента с бантом",
        crownStyle: "Округлая тулья-купол",
        brimSize: "мягкие поля 15 см",
      },
    },
  },
  {
    photo: "hat-21",
    name: "Penestanan Caramel Cloche",
    description:
      "A pretty cloche in caramel woven straw, shaped by hand into a soft bell that frames the face. A sage ribbon trimmed with tiny shells circles the crown. Light and cool, it is perfect for garden parties, wanders through the artists' village of Penestanan and summer lunches.",
    priceCents: 8800,
    material: "Woven straw",
    color: "Caramel straw with sage ribbon and shells",
    crownStyle: "Bell",
    brimSize: "",
    sizes: [54, 55, 56],
    isNew: false,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Соломенная шляпка-клош «Пенестанан»",
        description:
          "Изящная шляпка-клош из плетёной соломки карамельного оттенка, вручную сформованная в мягкий колокол, который красиво обрамляет лицо. Тулью охватывает лента шалфейного цвета с крошечными ракушками. Лёгкая и прохладная — для садовых вечеринок, прогулок по деревне художников Пенестанан и летних обедов.",
        material: "Плетёная соломка",
        color: "Карамельная солома, лента шалфейного цвета с ракушками",
        crownStyle: "Тулья-колокол",
        brimSize: "",
      },
    },
  },
  {
    photo: "hat-22",
    name: "Sayan Ridge Panama",
    description:
      "Our finest Panama: natural toquilla-style straw in a close, supple weave, with a tall teardrop crown and a wide 8.5 cm flat brim. A brown leather band with a tucked feather completes the look. Each hat takes our weavers many days and is made to order, for weddings, summer race days and grand occasions in the sun.",
    priceCents: 32900,
    material: "Fine toquilla-style straw",
    color: "Natural with brown leather band and feather",
    crownStyle: "Teardrop pinch",
    brimSize: "8.5 cm flat brim",
    sizes: [56, 57, 58, 59, 60, 61],
    isNew: false,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Панама «Саян»",
        description:
          "Наша лучшая панама: тонкая соломка в стиле токилья натурального цвета, плотное и при этом мягкое плетение, высокая тулья-капля и широкие плоские поля 8,5 см. Образ завершает коричневый кожаный ремешок с пером. Над каждой шляпой наши мастера работают много дней, поэтому делаем её только на заказ — для свадеб, летних скачек и торжественных событий под солнцем.",
        material: "Тонкая соломка в стиле токилья",
        color: "Натуральный, коричневый кожаный ремешок с пером",
        crownStyle: "Тулья-капля с заломами",
        brimSize: "плоские поля 8,5 см",
      },
    },
  },
  {
    photo: "hat-23",
    name: "Lovina Navy Bucket Hat",
    description:
      "A classic bucket hat in navy cotton canvas, with rows of stitching around the crown and a 5 cm down-turned brim. Cut and sewn in our workshop, it is light, washable and packs flat. An easy everyday hat for boat trips off Lovina, city walks and travel.",
    priceCents: 4500,
    material: "Cotton canvas",
    color: "Navy, tone-on-tone stitching",
    crownStyle: "Soft stitched crown",
    brimSize: "5 cm down-turned brim",
    sizes: [55, 56, 57, 58, 59, 60],
    isNew: false,
    isFeatured: false,
    inStock: false,
    translations: {
      ru: {
        name: "Панама-бакет «Ловина»",
        description:
          "Классическая панама-бакет из тёмно-синего хлопкового канваса с прострочённой рядами тульей и опущенными полями 5 см. Мы кроим и шьём её в своей мастерской: она лёгкая, её можно стирать и складывать. Удобная шляпа на каждый день — для морских прогулок у Ловины, города и путешествий.",
        material: "Хлопковый канвас",
        color: "Тёмно-синий, строчка в тон",
        crownStyle: "Мягкая прострочённая тулья",
        brimSize: "опущенные поля 5 см",
      },
    },
  },
  {
    photo: "hat-24",
    name: "Agung Black Felt Cowboy",
    description:
      "A bold cowboy hat in black wool felt, hand-shaped with a cattleman crease and a 9 cm brim curled at the sides. The silver and red beaded band is fastened with a metal concho. Made to order for stage nights, country festivals and cool evenings in the shadow of Mount Agung.",
    priceCents: 24000,
    material: "Wool felt",
    color: "Black with silver & red beaded band",
    crownStyle: "Cattleman crease",
    brimSize: "9 cm curled brim",
    sizes: [58, 59, 60, 61, 62, 63],
    isNew: true,
    isFeatured: false,
    inStock: true,
    translations: {
      ru: {
        name: "Фетровая ковбойская шляпа «Агунг»",
        description:
          "Смелая ковбойская шляпа из чёрного шерстяного фетра, вручную сформованная с заломом «каттлмен» и полями 9 см, подвёрнутыми по бокам. Ленту из серебристого и красного бисера застёгивает металлическая пряжка-кончо. Изготавливается на заказ — для выступлений на сцене, кантри-фестивалей и прохладных вечеров у подножия вулкана Агунг.",
        material: "Шерстяной фетр",
        color: "Чёрный, лента из серебристо-красного бисера с кончо",
        crownStyle: "Ковбойский залом «каттлмен»",
        brimSize: "поля 9 см, подвёрнуты по бокам",
      },
    },
  },
];
