/**
 * The words the seed catalogue is composed from. Text is given as [en, es, pt, zh-cn, fr] so the
 * five languages of one phrase sit on one line; products, descriptions and reviews are put
 * together from these parts (see catalog.seed.ts), which keeps hundreds of products small here.
 */
export type TText = readonly [en: string, es: string, pt: string, zhCn: string, fr: string];

export interface SeedSubcategory {
  name: TText;
  /** Platform price range of its products, US cents. */
  priceMinor: readonly [min: number, max: number];
  /** Two kinds of item sold in it; product titles are built on them. */
  items: readonly [TText, TText];
  /**
   * How its products are sold (catalog.seed-apparel.ts): `sizes` in XS–3XL and several colours
   * (the colour leaves the title), `oneSize` with the one size "One size"; without it, no options.
   */
  variants?: 'sizes' | 'oneSize';
}

export interface SeedCategory {
  name: TText;
  /** One or two letters drawn on its icon. */
  glyph: string;
  /** Hue (0–360) of its icon and of its products' images. */
  hue: number;
  children: readonly SeedSubcategory[];
}

export const SEED_CATEGORIES: readonly SeedCategory[] = [
  {
    name: ['Fashion', 'Moda', 'Moda', '时尚', 'Mode'],
    glyph: 'Fa',
    hue: 340,
    children: [
      {
        name: ['T-shirts', 'Camisetas', 'Camisetas', 'T恤', 'Tee-shirts'],
        priceMinor: [699, 2499],
        variants: 'sizes',
        items: [
          ['Cotton T-shirt', 'Camiseta de algodón', 'Camiseta de algodão', '纯棉T恤', 'Tee-shirt en coton'],
          ['Oversized tee', 'Camiseta oversize', 'Camiseta oversized', '宽松T恤', 'Tee-shirt oversize'],
        ],
      },
      {
        name: ['Hoodies', 'Sudaderas', 'Moletons', '连帽衫', 'Sweats à capuche'],
        priceMinor: [1899, 4999],
        variants: 'sizes',
        items: [
          [
            'Fleece hoodie',
            'Sudadera polar',
            'Moletom de fleece',
            '抓绒连帽衫',
            'Sweat à capuche molletonné',
          ],
          [
            'Zip hoodie',
            'Sudadera con cremallera',
            'Moletom com zíper',
            '拉链连帽衫',
            'Sweat zippé à capuche',
          ],
        ],
      },
      {
        name: ['Caps & hats', 'Gorras y sombreros', 'Bonés e chapéus', '帽子', 'Casquettes et chapeaux'],
        priceMinor: [599, 2299],
        variants: 'oneSize',
        items: [
          ['Baseball cap', 'Gorra de béisbol', 'Boné de beisebol', '棒球帽', 'Casquette de baseball'],
          ['Knit beanie', 'Gorro de punto', 'Gorro de tricô', '针织帽', 'Bonnet en maille'],
        ],
      },
      {
        name: ['Bags', 'Bolsos', 'Bolsas', '包袋', 'Sacs'],
        priceMinor: [899, 5999],
        items: [
          ['Canvas tote bag', 'Bolsa de lona', 'Ecobag de lona', '帆布托特包', 'Tote bag en toile'],
          [
            'Everyday backpack',
            'Mochila de diario',
            'Mochila do dia a dia',
            '日常双肩包',
            'Sac à dos du quotidien',
          ],
        ],
      },
    ],
  },
  {
    name: ['Beauty', 'Belleza', 'Beleza', '美妆', 'Beauté'],
    glyph: 'Be',
    hue: 310,
    children: [
      {
        name: ['Skincare', 'Cuidado de la piel', 'Cuidados com a pele', '护肤', 'Soins de la peau'],
        priceMinor: [499, 3999],
        items: [
          ['Hydrating serum', 'Sérum hidratante', 'Sérum hidratante', '保湿精华', 'Sérum hydratant'],
          ['Day cream', 'Crema de día', 'Creme diurno', '日霜', 'Crème de jour'],
        ],
      },
      {
        name: ['Makeup', 'Maquillaje', 'Maquiagem', '彩妆', 'Maquillage'],
        priceMinor: [399, 2999],
        items: [
          ['Matte lipstick', 'Pintalabios mate', 'Batom matte', '哑光口红', 'Rouge à lèvres mat'],
          [
            'Eyeshadow palette',
            'Paleta de sombras',
            'Paleta de sombras',
            '眼影盘',
            'Palette de fards à paupières',
          ],
        ],
      },
      {
        name: ['Hair care', 'Cuidado del cabello', 'Cuidados com o cabelo', '护发', 'Soins capillaires'],
        priceMinor: [399, 2499],
        items: [
          ['Repair shampoo', 'Champú reparador', 'Shampoo reparador', '修护洗发水', 'Shampooing réparateur'],
          ['Hair oil', 'Aceite capilar', 'Óleo capilar', '护发精油', 'Huile capillaire'],
        ],
      },
      {
        name: ['Fragrance', 'Fragancias', 'Perfumes', '香水', 'Parfums'],
        priceMinor: [1499, 8999],
        items: [
          ['Eau de parfum', 'Agua de perfume', 'Eau de parfum', '浓香水', 'Eau de parfum'],
          ['Body mist', 'Bruma corporal', 'Body splash', '身体香氛喷雾', 'Brume pour le corps'],
        ],
      },
    ],
  },
  {
    name: ['Home', 'Hogar', 'Casa', '家居', 'Maison'],
    glyph: 'Ho',
    hue: 30,
    children: [
      {
        name: ['Mugs & drinkware', 'Tazas y vasos', 'Canecas e copos', '杯具', 'Tasses et verres'],
        priceMinor: [499, 2499],
        items: [
          ['Ceramic mug', 'Taza de cerámica', 'Caneca de cerâmica', '陶瓷马克杯', 'Mug en céramique'],
          ['Glass tumbler', 'Vaso de cristal', 'Copo de vidro', '玻璃杯', 'Verre gobelet'],
        ],
      },
      {
        name: ['Candles', 'Velas', 'Velas', '蜡烛', 'Bougies'],
        priceMinor: [599, 3499],
        items: [
          ['Scented candle', 'Vela aromática', 'Vela aromática', '香薰蜡烛', 'Bougie parfumée'],
          [
            'Soy wax candle',
            'Vela de cera de soja',
            'Vela de cera de soja',
            '大豆蜡蜡烛',
            'Bougie en cire de soja',
          ],
        ],
      },
      {
        name: ['Wall art', 'Cuadros', 'Quadros', '装饰画', 'Art mural'],
        priceMinor: [999, 7999],
        items: [
          ['Art print', 'Lámina artística', 'Pôster artístico', '艺术印刷画', 'Affiche d’art'],
          ['Framed poster', 'Póster enmarcado', 'Pôster emoldurado', '带框海报', 'Affiche encadrée'],
        ],
      },
      {
        name: [
          'Cushions & throws',
          'Cojines y mantas',
          'Almofadas e mantas',
          '靠垫与毯子',
          'Coussins et plaids',
        ],
        priceMinor: [1299, 5999],
        items: [
          ['Linen cushion', 'Cojín de lino', 'Almofada de linho', '亚麻靠垫', 'Coussin en lin'],
          ['Knitted throw', 'Manta de punto', 'Manta de tricô', '针织毯', 'Plaid en tricot'],
        ],
      },
    ],
  },
  {
    name: ['Kitchen', 'Cocina', 'Cozinha', '厨房', 'Cuisine'],
    glyph: 'Ki',
    hue: 10,
    children: [
      {
        name: ['Cookware', 'Batería de cocina', 'Panelas', '锅具', 'Ustensiles de cuisson'],
        priceMinor: [1999, 9999],
        items: [
          [
            'Non-stick pan',
            'Sartén antiadherente',
            'Frigideira antiaderente',
            '不粘锅',
            'Poêle antiadhésive',
          ],
          [
            'Cast iron pot',
            'Olla de hierro fundido',
            'Panela de ferro fundido',
            '铸铁锅',
            'Cocotte en fonte',
          ],
        ],
      },
      {
        name: [
          'Knives & tools',
          'Cuchillos y utensilios',
          'Facas e utensílios',
          '刀具与工具',
          'Couteaux et ustensiles',
        ],
        priceMinor: [699, 6999],
        items: [
          ['Chef’s knife', 'Cuchillo de chef', 'Faca de chef', '主厨刀', 'Couteau de chef'],
          [
            'Bamboo utensil set',
            'Set de utensilios de bambú',
            'Kit de utensílios de bambu',
            '竹制厨具套装',
            'Set d’ustensiles en bambou',
          ],
        ],
      },
      {
        name: ['Coffee & tea', 'Café y té', 'Café e chá', '咖啡与茶', 'Café et thé'],
        priceMinor: [899, 4999],
        items: [
          [
            'Pour-over coffee set',
            'Set de café de goteo',
            'Kit de café coado',
            '手冲咖啡套装',
            'Kit café filtre',
          ],
          [
            'Loose-leaf tea tin',
            'Lata de té a granel',
            'Lata de chá a granel',
            '散装茶叶罐',
            'Boîte de thé en vrac',
          ],
        ],
      },
      {
        name: [
          'Food storage',
          'Conservación de alimentos',
          'Potes e armazenamento',
          '食品收纳',
          'Conservation des aliments',
        ],
        priceMinor: [499, 2999],
        items: [
          [
            'Glass container set',
            'Set de recipientes de vidrio',
            'Kit de potes de vidro',
            '玻璃保鲜盒套装',
            'Lot de boîtes en verre',
          ],
          [
            'Beeswax wraps',
            'Envoltorios de cera de abeja',
            'Embalagens de cera de abelha',
            '蜂蜡保鲜布',
            'Emballages à la cire d’abeille',
          ],
        ],
      },
    ],
  },
  {
    name: [
      'Tech accessories',
      'Accesorios tecnológicos',
      'Acessórios de tecnologia',
      '数码配件',
      'Accessoires high-tech',
    ],
    glyph: 'Te',
    hue: 210,
    children: [
      {
        name: ['Phone cases', 'Fundas de móvil', 'Capinhas de celular', '手机壳', 'Coques de téléphone'],
        priceMinor: [599, 2999],
        items: [
          [
            'Silicone phone case',
            'Funda de silicona',
            'Capinha de silicone',
            '硅胶手机壳',
            'Coque en silicone',
          ],
          [
            'Clear phone case',
            'Funda transparente',
            'Capinha transparente',
            '透明手机壳',
            'Coque transparente',
          ],
        ],
      },
      {
        name: [
          'Chargers & cables',
          'Cargadores y cables',
          'Carregadores e cabos',
          '充电器与数据线',
          'Chargeurs et câbles',
        ],
        priceMinor: [599, 4999],
        items: [
          ['USB-C cable', 'Cable USB-C', 'Cabo USB-C', 'USB-C数据线', 'Câble USB-C'],
          [
            'Wireless charger',
            'Cargador inalámbrico',
            'Carregador sem fio',
            '无线充电器',
            'Chargeur sans fil',
          ],
        ],
      },
      {
        name: ['Headphones', 'Auriculares', 'Fones de ouvido', '耳机', 'Casques et écouteurs'],
        priceMinor: [1499, 14999],
        items: [
          ['Wireless earbuds', 'Auriculares inalámbricos', 'Fones sem fio', '无线耳机', 'Écouteurs sans fil'],
          [
            'Over-ear headphones',
            'Cascos de diadema',
            'Headphone over-ear',
            '头戴式耳机',
            'Casque circum-auriculaire',
          ],
        ],
      },
      {
        name: ['Desk gadgets', 'Gadgets de escritorio', 'Gadgets de mesa', '桌面小物', 'Gadgets de bureau'],
        priceMinor: [799, 5999],
        items: [
          [
            'Laptop stand',
            'Soporte para portátil',
            'Suporte para notebook',
            '笔记本电脑支架',
            'Support d’ordinateur portable',
          ],
          ['Desk lamp', 'Lámpara de escritorio', 'Luminária de mesa', '台灯', 'Lampe de bureau'],
        ],
      },
    ],
  },
  {
    name: [
      'Sports & outdoors',
      'Deportes y aire libre',
      'Esportes e ar livre',
      '运动户外',
      'Sport et plein air',
    ],
    glyph: 'Sp',
    hue: 130,
    children: [
      {
        name: ['Yoga & fitness', 'Yoga y fitness', 'Ioga e fitness', '瑜伽健身', 'Yoga et fitness'],
        priceMinor: [999, 5999],
        items: [
          ['Yoga mat', 'Esterilla de yoga', 'Tapete de ioga', '瑜伽垫', 'Tapis de yoga'],
          ['Resistance bands', 'Bandas elásticas', 'Faixas elásticas', '弹力带', 'Bandes de résistance'],
        ],
      },
      {
        name: ['Water bottles', 'Botellas de agua', 'Garrafas de água', '水壶', 'Gourdes'],
        priceMinor: [799, 3499],
        items: [
          ['Insulated bottle', 'Botella térmica', 'Garrafa térmica', '保温水壶', 'Gourde isotherme'],
          ['Sports bottle', 'Bidón deportivo', 'Squeeze esportiva', '运动水壶', 'Bouteille de sport'],
        ],
      },
      {
        name: ['Camping', 'Acampada', 'Acampamento', '露营', 'Camping'],
        priceMinor: [1299, 9999],
        items: [
          ['Camping lantern', 'Farol de acampada', 'Lanterna de camping', '露营灯', 'Lanterne de camping'],
          ['Folding chair', 'Silla plegable', 'Cadeira dobrável', '折叠椅', 'Chaise pliante'],
        ],
      },
      {
        name: ['Cycling', 'Ciclismo', 'Ciclismo', '骑行', 'Cyclisme'],
        priceMinor: [999, 7999],
        items: [
          [
            'Bike light set',
            'Juego de luces para bici',
            'Kit de luzes para bike',
            '自行车灯套装',
            'Kit d’éclairage vélo',
          ],
          ['Cycling gloves', 'Guantes de ciclismo', 'Luvas de ciclismo', '骑行手套', 'Gants de cyclisme'],
        ],
      },
    ],
  },
  {
    name: ['Kids & baby', 'Niños y bebés', 'Crianças e bebês', '母婴儿童', 'Enfants et bébés'],
    glyph: 'Ki',
    hue: 50,
    children: [
      {
        name: ['Toys', 'Juguetes', 'Brinquedos', '玩具', 'Jouets'],
        priceMinor: [599, 4999],
        items: [
          ['Wooden puzzle', 'Puzle de madera', 'Quebra-cabeça de madeira', '木制拼图', 'Puzzle en bois'],
          ['Plush toy', 'Peluche', 'Pelúcia', '毛绒玩具', 'Peluche'],
        ],
      },
      {
        name: ['Baby care', 'Cuidado del bebé', 'Cuidados com o bebê', '婴儿护理', 'Soins bébé'],
        priceMinor: [499, 3999],
        items: [
          [
            'Muslin swaddle',
            'Muselina para bebé',
            'Cueiro de musselina',
            '纱布襁褓巾',
            'Lange en mousseline',
          ],
          ['Baby lotion', 'Loción para bebé', 'Loção para bebê', '婴儿润肤乳', 'Lait pour bébé'],
        ],
      },
      {
        name: ['Kids’ clothing', 'Ropa infantil', 'Roupa infantil', '童装', 'Vêtements enfant'],
        priceMinor: [799, 3499],
        items: [
          ['Kids’ pyjamas', 'Pijama infantil', 'Pijama infantil', '儿童睡衣', 'Pyjama enfant'],
          ['Rain jacket', 'Chubasquero', 'Capa de chuva', '儿童雨衣', 'Imperméable'],
        ],
      },
      {
        name: [
          'School supplies',
          'Material escolar',
          'Material escolar',
          '学习用品',
          'Fournitures scolaires',
        ],
        priceMinor: [299, 2499],
        items: [
          ['Pencil case', 'Estuche', 'Estojo', '铅笔盒', 'Trousse'],
          ['Lunch box', 'Fiambrera', 'Lancheira', '午餐盒', 'Boîte à goûter'],
        ],
      },
    ],
  },
  {
    name: ['Pets', 'Mascotas', 'Animais de estimação', '宠物', 'Animaux'],
    glyph: 'Pe',
    hue: 90,
    children: [
      {
        name: ['Dogs', 'Perros', 'Cães', '狗狗用品', 'Chiens'],
        priceMinor: [599, 4999],
        items: [
          ['Dog leash', 'Correa para perro', 'Guia para cachorro', '狗绳', 'Laisse pour chien'],
          ['Chew toy', 'Juguete para morder', 'Brinquedo mordedor', '磨牙玩具', 'Jouet à mâcher'],
        ],
      },
      {
        name: ['Cats', 'Gatos', 'Gatos', '猫咪用品', 'Chats'],
        priceMinor: [399, 3999],
        items: [
          ['Scratching post', 'Rascador', 'Arranhador', '猫抓柱', 'Griffoir'],
          ['Feather wand', 'Caña con plumas', 'Varinha de penas', '逗猫棒', 'Canne à plumes'],
        ],
      },
      {
        name: ['Pet beds', 'Camas para mascotas', 'Caminhas para pets', '宠物窝', 'Couchages'],
        priceMinor: [1999, 7999],
        items: [
          ['Donut pet bed', 'Cama redonda', 'Caminha redonda', '甜甜圈宠物窝', 'Panier rond'],
          [
            'Orthopaedic mat',
            'Colchoneta ortopédica',
            'Colchonete ortopédico',
            '记忆棉宠物垫',
            'Tapis orthopédique',
          ],
        ],
      },
      {
        name: ['Treats', 'Premios y snacks', 'Petiscos', '宠物零食', 'Friandises'],
        priceMinor: [299, 1999],
        items: [
          [
            'Training treats',
            'Premios de adiestramiento',
            'Petiscos de adestramento',
            '训练零食',
            'Friandises d’éducation',
          ],
          ['Dental sticks', 'Barritas dentales', 'Palitos dentais', '洁齿棒', 'Bâtonnets dentaires'],
        ],
      },
    ],
  },
  {
    name: ['Stationery', 'Papelería', 'Papelaria', '文具', 'Papeterie'],
    glyph: 'St',
    hue: 260,
    children: [
      {
        name: ['Notebooks', 'Cuadernos', 'Cadernos', '笔记本', 'Carnets'],
        priceMinor: [399, 2999],
        items: [
          ['Dotted notebook', 'Cuaderno de puntos', 'Caderno pontilhado', '点阵笔记本', 'Carnet à points'],
          ['Sketchbook', 'Cuaderno de dibujo', 'Caderno de desenho', '素描本', 'Carnet de croquis'],
        ],
      },
      {
        name: ['Pens', 'Bolígrafos', 'Canetas', '笔', 'Stylos'],
        priceMinor: [199, 3999],
        items: [
          [
            'Gel pen set',
            'Set de bolígrafos de gel',
            'Kit de canetas gel',
            '中性笔套装',
            'Lot de stylos gel',
          ],
          ['Fountain pen', 'Pluma estilográfica', 'Caneta-tinteiro', '钢笔', 'Stylo plume'],
        ],
      },
      {
        name: ['Stickers', 'Pegatinas', 'Adesivos', '贴纸', 'Autocollants'],
        priceMinor: [199, 999],
        items: [
          ['Sticker sheet', 'Lámina de pegatinas', 'Cartela de adesivos', '贴纸页', 'Planche d’autocollants'],
          [
            'Washi tape set',
            'Set de cintas washi',
            'Kit de fitas washi',
            '和纸胶带套装',
            'Lot de masking tape',
          ],
        ],
      },
      {
        name: ['Planners', 'Agendas', 'Planners', '计划本', 'Agendas'],
        priceMinor: [699, 3499],
        items: [
          ['Weekly planner', 'Agenda semanal', 'Planner semanal', '周计划本', 'Agenda hebdomadaire'],
          ['Desk calendar', 'Calendario de escritorio', 'Calendário de mesa', '台历', 'Calendrier de bureau'],
        ],
      },
    ],
  },
  {
    name: ['Wellness', 'Bienestar', 'Bem-estar', '健康生活', 'Bien-être'],
    glyph: 'We',
    hue: 170,
    children: [
      {
        name: ['Aromatherapy', 'Aromaterapia', 'Aromaterapia', '香薰疗法', 'Aromathérapie'],
        priceMinor: [699, 4999],
        items: [
          [
            'Essential oil set',
            'Set de aceites esenciales',
            'Kit de óleos essenciais',
            '精油套装',
            'Coffret d’huiles essentielles',
          ],
          [
            'Ultrasonic diffuser',
            'Difusor ultrasónico',
            'Difusor ultrassônico',
            '超声波香薰机',
            'Diffuseur ultrasonique',
          ],
        ],
      },
      {
        name: ['Sleep', 'Descanso', 'Sono', '睡眠', 'Sommeil'],
        priceMinor: [599, 5999],
        items: [
          [
            'Silk sleep mask',
            'Antifaz de seda',
            'Máscara de dormir de seda',
            '真丝眼罩',
            'Masque de nuit en soie',
          ],
          [
            'Memory foam pillow',
            'Almohada viscoelástica',
            'Travesseiro viscoelástico',
            '记忆棉枕头',
            'Oreiller à mémoire de forme',
          ],
        ],
      },
      {
        name: ['Massage', 'Masaje', 'Massagem', '按摩', 'Massage'],
        priceMinor: [999, 8999],
        items: [
          ['Massage roller', 'Rodillo de masaje', 'Rolo de massagem', '按摩滚轮', 'Rouleau de massage'],
          ['Massage gun', 'Pistola de masaje', 'Pistola de massagem', '筋膜枪', 'Pistolet de massage'],
        ],
      },
      {
        name: ['Bath', 'Baño', 'Banho', '沐浴', 'Bain'],
        priceMinor: [399, 2999],
        items: [
          ['Bath salts', 'Sales de baño', 'Sais de banho', '浴盐', 'Sels de bain'],
          ['Cotton bathrobe', 'Albornoz de algodón', 'Roupão de algodão', '纯棉浴袍', 'Peignoir en coton'],
        ],
      },
    ],
  },
];

/** Product lines: names, the same in every language. */
export const SEED_LINES = [
  'Aurora',
  'Nomad',
  'Basalt',
  'Lumen',
  'Tide',
  'Juniper',
  'Ember',
  'Solstice',
  'Atlas',
  'Meadow',
  'Pebble',
  'Kestrel',
] as const;

/** Colours, in titles after a dash: a noun, so no agreement is needed in es, pt and fr. */
export const SEED_COLOURS: readonly TText[] = [
  ['Sand', 'Arena', 'Areia', '沙色', 'Sable'],
  ['Ocean', 'Océano', 'Oceano', '海蓝', 'Océan'],
  ['Forest', 'Bosque', 'Floresta', '森绿', 'Forêt'],
  ['Charcoal', 'Carbón', 'Carvão', '炭灰', 'Anthracite'],
  ['Coral', 'Coral', 'Coral', '珊瑚色', 'Corail'],
  ['Ivory', 'Marfil', 'Marfim', '象牙白', 'Ivoire'],
  ['Sky', 'Cielo', 'Céu', '天蓝', 'Ciel'],
  ['Plum', 'Ciruela', 'Ameixa', '梅子色', 'Prune'],
  ['Mustard', 'Mostaza', 'Mostarda', '芥末黄', 'Moutarde'],
  ['Sage', 'Salvia', 'Sálvia', '鼠尾草绿', 'Sauge'],
];

/** First sentence of a description: `{item}`, `{line}` and `{colour}` are filled in. */
export const SEED_INTRO: TText = [
  '{item} from the {line} line, in {colour}.',
  '{item} de la línea {line}, en color {colour}.',
  '{item} da linha {line}, na cor {colour}.',
  '{line}系列{item}，{colour}。',
  '{item} de la gamme {line}, coloris {colour}.',
];

/** First sentence of a description of clothes sold in sizes and colours (the colour is an option). */
export const SEED_INTRO_SIZED: TText = [
  '{item} from the {line} line, in sizes XS to 3XL.',
  '{item} de la línea {line}, en tallas de la XS a la 3XL.',
  '{item} da linha {line}, nos tamanhos XS ao 3XL.',
  '{line}系列{item}，尺码XS至3XL。',
  '{item} de la gamme {line}, en tailles XS à 3XL.',
];

/** Middle sentences of descriptions. */
export const SEED_BENEFITS: readonly TText[] = [
  [
    'Made to be used every day and to last.',
    'Pensado para usarse a diario y durar.',
    'Feito para o uso diário e para durar.',
    '为日常使用而设计，经久耐用。',
    'Conçu pour servir tous les jours et durer.',
  ],
  [
    'Chosen by our team for its quality and fair price.',
    'Elegido por nuestro equipo por su calidad y su precio justo.',
    'Escolhido pela nossa equipe pela qualidade e pelo preço justo.',
    '因品质与实惠价格而被我们团队选中。',
    'Sélectionné par notre équipe pour sa qualité et son juste prix.',
  ],
  [
    'Light, compact and easy to take anywhere.',
    'Ligero, compacto y fácil de llevar a cualquier parte.',
    'Leve, compacto e fácil de levar para qualquer lugar.',
    '轻巧紧凑，随处可带。',
    'Léger, compact et facile à emporter partout.',
  ],
  [
    'A thoughtful gift that arrives ready to give.',
    'Un regalo con detalle que llega listo para regalar.',
    'Um presente caprichado que chega pronto para dar.',
    '贴心好礼，收到即可送出。',
    'Un cadeau attentionné, prêt à offrir dès réception.',
  ],
  [
    'Responsibly sourced materials and recyclable packaging.',
    'Materiales de origen responsable y embalaje reciclable.',
    'Materiais de origem responsável e embalagem reciclável.',
    '材料来源负责任，包装可回收。',
    'Matériaux d’origine responsable et emballage recyclable.',
  ],
  [
    'Simple lines that fit any style.',
    'Líneas sencillas que combinan con cualquier estilo.',
    'Linhas simples que combinam com qualquer estilo.',
    '简约线条，百搭各种风格。',
    'Des lignes simples qui vont avec tous les styles.',
  ],
];

/** Last sentence of descriptions. */
export const SEED_CLOSINGS: readonly TText[] = [
  [
    'Ships within two working days.',
    'Se envía en dos días laborables.',
    'Enviado em até dois dias úteis.',
    '两个工作日内发货。',
    'Expédié sous deux jours ouvrés.',
  ],
  [
    'Thirty days to change your mind.',
    'Treinta días para cambiar de opinión.',
    'Trinta dias para mudar de ideia.',
    '三十天无忧退换。',
    'Trente jours pour changer d’avis.',
  ],
  [
    'Backed by a one-year warranty.',
    'Con un año de garantía.',
    'Com um ano de garantia.',
    '享受一年质保。',
    'Garanti un an.',
  ],
];

/** Review bodies by rating (index 0 = 1 star … 4 = 5 stars), two per language. */
export const SEED_REVIEW_BODIES: readonly (readonly TText[])[] = [
  [
    [
      'Not what I expected, it broke after a week.',
      'No es lo que esperaba, se rompió en una semana.',
      'Não era o que eu esperava, quebrou em uma semana.',
      '和预期不符，一周就坏了。',
      'Pas ce que j’attendais, cassé au bout d’une semaine.',
    ],
    [
      'The colour looks nothing like the photos.',
      'El color no se parece nada al de las fotos.',
      'A cor não tem nada a ver com as fotos.',
      '颜色和图片完全不一样。',
      'La couleur ne ressemble pas du tout aux photos.',
    ],
  ],
  [
    [
      'Quality is lower than the price suggests.',
      'La calidad es inferior a lo que sugiere el precio.',
      'A qualidade é inferior ao que o preço sugere.',
      '质量配不上这个价格。',
      'La qualité est en dessous de ce que laisse penser le prix.',
    ],
    [
      'It works, but delivery took far too long.',
      'Funciona, pero el envío tardó demasiado.',
      'Funciona, mas a entrega demorou demais.',
      '能用，但是物流太慢了。',
      'Ça marche, mais la livraison a pris beaucoup trop de temps.',
    ],
  ],
  [
    [
      'Okay for the price, nothing special.',
      'Correcto por el precio, nada especial.',
      'Ok pelo preço, nada de especial.',
      '这个价格还行，没什么特别的。',
      'Correct pour le prix, sans plus.',
    ],
    [
      'Decent, though a little smaller than I thought.',
      'Está bien, aunque algo más pequeño de lo que pensaba.',
      'É bom, mas um pouco menor do que eu pensava.',
      '还不错，就是比我想的小一点。',
      'Bien, mais un peu plus petit que je ne pensais.',
    ],
  ],
  [
    [
      'Very good quality, I would buy it again.',
      'Muy buena calidad, lo volvería a comprar.',
      'Qualidade muito boa, compraria de novo.',
      '质量很好，会回购。',
      'Très bonne qualité, je le rachèterais.',
    ],
    [
      'Nice product and fast delivery.',
      'Buen producto y envío rápido.',
      'Produto bonito e entrega rápida.',
      '东西不错，发货也快。',
      'Joli produit et livraison rapide.',
    ],
  ],
  [
    [
      'Absolutely love it, exactly as described!',
      '¡Me encanta, tal y como se describe!',
      'Amei, exatamente como descrito!',
      '太喜欢了，和描述的一模一样！',
      'Je l’adore, exactement comme décrit !',
    ],
    [
      'Perfect gift, my friend was delighted.',
      'Regalo perfecto, mi amiga quedó encantada.',
      'Presente perfeito, minha amiga adorou.',
      '送礼完美，朋友非常开心。',
      'Cadeau parfait, mon amie était ravie.',
    ],
  ],
];

/** Reviewers: first name and initial, with the language they write in. */
export const SEED_REVIEWERS: readonly (readonly [
  name: string,
  language: 'en' | 'es' | 'pt' | 'zh-cn' | 'fr',
])[] = [
  ['Emily R.', 'en'],
  ['James K.', 'en'],
  ['Olivia M.', 'en'],
  ['Noah T.', 'en'],
  ['Grace L.', 'en'],
  ['Lucía G.', 'es'],
  ['Mateo F.', 'es'],
  ['Valentina P.', 'es'],
  ['Diego S.', 'es'],
  ['Ana C.', 'pt'],
  ['João V.', 'pt'],
  ['Beatriz A.', 'pt'],
  ['Rafael M.', 'pt'],
  ['王芳', 'zh-cn'],
  ['李伟', 'zh-cn'],
  ['张敏', 'zh-cn'],
  ['陈静', 'zh-cn'],
  ['Camille D.', 'fr'],
  ['Hugo B.', 'fr'],
  ['Léa M.', 'fr'],
  ['Louis P.', 'fr'],
];

/** The platform banners every shop may show. */
export const SEED_PLATFORM_BANNERS: readonly { title: TText; hue: number }[] = [
  {
    title: [
      'New season picks',
      'Novedades de temporada',
      'Novidades da estação',
      '当季新品',
      'Nouveautés de saison',
    ],
    hue: 200,
  },
  {
    title: [
      'Gifts under $25',
      'Regalos por menos de 25 $',
      'Presentes abaixo de US$ 25',
      '25美元以下好礼',
      'Cadeaux à moins de 25 $',
    ],
    hue: 330,
  },
  {
    title: [
      'Cosy home essentials',
      'Básicos para un hogar acogedor',
      'Essenciais para uma casa aconchegante',
      '温馨居家必备',
      'L’essentiel pour un intérieur douillet',
    ],
    hue: 35,
  },
];
