import type { CategoryId } from '@shop/contracts';

export interface DemoProduct {
  title: string;
  description: string;
  category: CategoryId;
  /** Whole KES. */
  price: number;
  /** Whole KES; 0 when not on sale, otherwise strictly below price. */
  salePrice: number;
  totalStock: number;
  /** Two hex colours for the generated picture. */
  palette: readonly [string, string];
  motif: 'blocks' | 'ball' | 'car' | 'doll' | 'puzzle' | 'kite' | 'book' | 'balloon' | 'bear' | 'star';
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // Home
  {
    title: 'Stackable Toy Storage Bins (Set of 3)',
    description:
      'Three sturdy fabric bins with handles that fold flat when empty. Perfect for tidying blocks, dolls and cars at the end of play time.',
    category: 'home',
    price: 2450,
    salePrice: 1990,
    totalStock: 34,
    palette: ['#4FC3F7', '#0277BD'],
    motif: 'blocks',
  },
  {
    title: 'Star Projector Night Light',
    description:
      'Fills the bedroom ceiling with soft, slowly turning stars. USB rechargeable with a 30-minute auto-off timer, ideal for toddlers who fear the dark.',
    category: 'home',
    price: 1850,
    salePrice: 0,
    totalStock: 22,
    palette: ['#3949AB', '#1A237E'],
    motif: 'star',
  },
  {
    title: "Bamboo Kids' Cup & Plate Set",
    description:
      'A BPA-free bamboo plate, bowl, cup and spoon with a cheeky bear face. Lightweight and unbreakable for little ones from 12 months.',
    category: 'home',
    price: 950,
    salePrice: 0,
    totalStock: 60,
    palette: ['#AED581', '#558B2F'],
    motif: 'bear',
  },
  {
    title: 'Wooden Toy Chest with Safety Hinge',
    description:
      "Locally made from solid cypress wood with a slow-close lid that protects small fingers. Doubles as a bench in the children's room.",
    category: 'home',
    price: 7800,
    salePrice: 0,
    totalStock: 6,
    palette: ['#D7A86E', '#8D5524'],
    motif: 'blocks',
  },
  {
    title: "Kids' Hooded Bath Towel – Lion",
    description:
      'Soft, absorbent cotton towel with a friendly lion hood and mane. Makes bath time fun for children aged 1 to 6.',
    category: 'home',
    price: 1200,
    salePrice: 990,
    totalStock: 45,
    palette: ['#FFD54F', '#F57F17'],
    motif: 'bear',
  },
  {
    title: 'Step Stool for Little Helpers',
    description:
      'A non-slip plastic step stool that helps children aged 2 and up reach the sink to brush teeth and wash hands on their own.',
    category: 'home',
    price: 1650,
    salePrice: 0,
    totalStock: 0,
    palette: ['#80CBC4', '#00695C'],
    motif: 'blocks',
  },
  {
    title: 'Non-Spill Sippy Cups (2-Pack)',
    description:
      'Leak-proof cups with soft spouts and easy-grip handles. Dishwasher safe and just right for toddlers moving on from the bottle.',
    category: 'home',
    price: 650,
    salePrice: 0,
    totalStock: 70,
    palette: ['#F48FB1', '#AD1457'],
    motif: 'balloon',
  },

  // Under 100
  {
    title: 'Bubble Wand – 60 ml',
    description: 'A colourful wand with bubble solution that makes dozens of shimmering bubbles. Great garden fun for ages 3 and up.',
    category: 'under-100',
    price: 80,
    salePrice: 0,
    totalStock: 120,
    palette: ['#B3E5FC', '#4FC3F7'],
    motif: 'balloon',
  },
  {
    title: 'Wax Crayons – 8 Colours',
    description: 'Chunky, non-toxic wax crayons that are easy for small hands to hold. A must-have for colouring books and school projects.',
    category: 'under-100',
    price: 60,
    salePrice: 0,
    totalStock: 110,
    palette: ['#FFCC80', '#EF6C00'],
    motif: 'book',
  },
  {
    title: 'Bouncy Rubber Ball',
    description: 'A super-bouncy glitter ball that flies higher than the roof of the house. Pocket sized for ages 5 and up.',
    category: 'under-100',
    price: 70,
    salePrice: 50,
    totalStock: 95,
    palette: ['#EF9A9A', '#C62828'],
    motif: 'ball',
  },
  {
    title: 'Plastic Whistle with Lanyard',
    description: 'A loud, clear whistle on a bright neck cord for football referees, sports day and games of red light, green light.',
    category: 'under-100',
    price: 50,
    salePrice: 0,
    totalStock: 4,
    palette: ['#FFF59D', '#F9A825'],
    motif: 'star',
  },
  {
    title: 'Mini Spinning Top',
    description: 'A classic wooden spinning top painted in bright stripes. Children aged 4 and up will spend hours seeing whose top spins longest.',
    category: 'under-100',
    price: 90,
    salePrice: 0,
    totalStock: 58,
    palette: ['#CE93D8', '#6A1B9A'],
    motif: 'star',
  },
  {
    title: 'Safari Animal Sticker Sheet',
    description: 'Over 40 stickers of lions, giraffes, zebras and elephants for decorating books and lunch boxes.',
    category: 'under-100',
    price: 50,
    salePrice: 0,
    totalStock: 100,
    palette: ['#C5E1A5', '#689F38'],
    motif: 'bear',
  },
  {
    title: 'Paper Mini Kite with String',
    description: 'A light, foldable paper kite with a short string reel. Catches even a gentle breeze, great for ages 5 and up.',
    category: 'under-100',
    price: 100,
    salePrice: 85,
    totalStock: 0,
    palette: ['#81D4FA', '#0288D1'],
    motif: 'kite',
  },

  // Educational toys
  {
    title: 'Wooden Alphabet Blocks (26 pcs)',
    description:
      'Smooth wooden blocks printed with letters, numbers and animals. Helps children aged 18 months and up learn the ABCs while stacking.',
    category: 'educational-toys',
    price: 1800,
    salePrice: 1500,
    totalStock: 40,
    palette: ['#FFAB91', '#D84315'],
    motif: 'blocks',
  },
  {
    title: 'Map of Kenya Floor Puzzle (48 pcs)',
    description:
      'A large floor puzzle showing all 47 counties with landmarks such as Mount Kenya and Lake Victoria. Builds geography and problem-solving skills for ages 5 and up.',
    category: 'educational-toys',
    price: 1450,
    salePrice: 0,
    totalStock: 27,
    palette: ['#A5D6A7', '#2E7D32'],
    motif: 'puzzle',
  },
  {
    title: 'Abacus Counting Frame',
    description:
      'A wooden abacus with 100 colourful beads for counting, adding and subtracting. Ideal for early maths at home or in class.',
    category: 'educational-toys',
    price: 950,
    salePrice: 0,
    totalStock: 52,
    palette: ['#FFE082', '#FF8F00'],
    motif: 'blocks',
  },
  {
    title: 'Shape Sorter Cube',
    description:
      'Twelve chunky shapes to post through matching holes. Teaches shapes and colours and builds hand-eye coordination for ages 1 to 3.',
    category: 'educational-toys',
    price: 1250,
    salePrice: 0,
    totalStock: 8,
    palette: ['#90CAF9', '#1565C0'],
    motif: 'blocks',
  },
  {
    title: 'Junior Science Kit – Volcano & Crystals',
    description:
      'Build an erupting volcano and grow your own crystals with safe, easy experiments. Includes a step-by-step guide for ages 8 and up.',
    category: 'educational-toys',
    price: 2900,
    salePrice: 2450,
    totalStock: 18,
    palette: ['#FF8A65', '#BF360C'],
    motif: 'star',
  },
  {
    title: 'Magnetic Letters & Numbers',
    description:
      'Eighty foam-backed magnetic letters and numbers that stick to the fridge. Spell names, make sums and learn to read together.',
    category: 'educational-toys',
    price: 1100,
    salePrice: 0,
    totalStock: 64,
    palette: ['#F48FB1', '#C2185B'],
    motif: 'book',
  },
  {
    title: 'Solar Robot Building Kit 12-in-1',
    description:
      'Snap together twelve different solar-powered robots, from a crawling bug to a boat. A hands-on STEM project for curious children aged 8 and up.',
    category: 'educational-toys',
    price: 3400,
    salePrice: 0,
    totalStock: 0,
    palette: ['#B0BEC5', '#37474F'],
    motif: 'car',
  },

  // Pretend play
  {
    title: 'Pull-Back Matatu Toy',
    description:
      'A colourful die-cast matatu with graffiti art, opening doors and a pull-back motor. Pull it back, let go and watch it zoom to the next stage.',
    category: 'pretend-play',
    price: 850,
    salePrice: 700,
    totalStock: 75,
    palette: ['#FFEB3B', '#7B1FA2'],
    motif: 'car',
  },
  {
    title: "Kids' Kitchen Set with Sufuria & Jiko",
    description:
      'A play cooker with a toy jiko, sufuria, cups, plates and spoons. Little chefs aged 3 and up can cook up pretend chapati and chai for the whole family.',
    category: 'pretend-play',
    price: 3200,
    salePrice: 0,
    totalStock: 21,
    palette: ['#FFCCBC', '#E64A19'],
    motif: 'blocks',
  },
  {
    title: "Doctor's Kit in Carry Case",
    description:
      'A toy stethoscope, thermometer, syringe and bandages in a handy case. Encourages caring play and helps children feel calm about clinic visits.',
    category: 'pretend-play',
    price: 1650,
    salePrice: 0,
    totalStock: 33,
    palette: ['#E1F5FE', '#0277BD'],
    motif: 'bear',
  },
  {
    title: 'Soft Baby Doll with Kanga Wrap',
    description:
      'A cuddly 35 cm baby doll dressed in a bright kanga with a matching carrier wrap. Soft body and washable clothes, for ages 2 and up.',
    category: 'pretend-play',
    price: 1900,
    salePrice: 0,
    totalStock: 5,
    palette: ['#F8BBD0', '#EC407A'],
    motif: 'doll',
  },
  {
    title: 'Toy Boda Boda Motorbike & Rider',
    description:
      'A sturdy plastic boda boda with a helmeted rider and a passenger seat. Rolls smoothly on any floor for endless delivery adventures.',
    category: 'pretend-play',
    price: 650,
    salePrice: 0,
    totalStock: 88,
    palette: ['#FF7043', '#263238'],
    motif: 'car',
  },
  {
    title: 'Mama Mboga Market Stall Play Set',
    description:
      'A wooden market stall with toy sukuma wiki, tomatoes, onions and play shillings. Children practise counting money and selling to their customers.',
    category: 'pretend-play',
    price: 2750,
    salePrice: 2300,
    totalStock: 12,
    palette: ['#C5E1A5', '#33691E'],
    motif: 'blocks',
  },
  {
    title: 'Wooden Workbench with Tools',
    description:
      'A child-sized workbench with a hammer, saw, screwdriver, nuts and bolts, all in smooth wood. Little fundis aged 3 and up can build and fix all day.',
    category: 'pretend-play',
    price: 4500,
    salePrice: 0,
    totalStock: 0,
    palette: ['#BCAAA4', '#5D4037'],
    motif: 'blocks',
  },

  // Action & outdoor
  {
    title: 'Size 4 Football',
    description:
      'A stitched, durable football for the estate pitch or school field. The right size and weight for players aged 8 to 12.',
    category: 'action-outdoor',
    price: 1200,
    salePrice: 0,
    totalStock: 90,
    palette: ['#A5D6A7', '#1B5E20'],
    motif: 'ball',
  },
  {
    title: "Kids' Balance Bike",
    description:
      'A lightweight pedal-free bike with an adjustable seat and puncture-proof tyres. Helps children aged 2 to 5 learn balance before moving to a big bike.',
    category: 'action-outdoor',
    price: 6500,
    salePrice: 5800,
    totalStock: 9,
    palette: ['#EF5350', '#B71C1C'],
    motif: 'car',
  },
  {
    title: 'Skipping Rope with Counter',
    description:
      'An adjustable skipping rope with foam handles and a built-in jump counter. Great exercise for break time and the holidays.',
    category: 'action-outdoor',
    price: 450,
    salePrice: 0,
    totalStock: 70,
    palette: ['#FFF176', '#F57F17'],
    motif: 'star',
  },
  {
    title: 'Nylon Kite with Long Tail',
    description:
      'A rip-stop nylon diamond kite with a colourful tail and 50 m of string. Easy to launch on a windy afternoon at Uhuru Park or on the beach.',
    category: 'action-outdoor',
    price: 600,
    salePrice: 0,
    totalStock: 40,
    palette: ['#80DEEA', '#00838F'],
    motif: 'kite',
  },
  {
    title: 'Water Squirt Guns (2-Pack)',
    description: 'Two pump-action water guns that shoot up to 6 metres. Keep cool on hot afternoons in the garden, for ages 5 and up.',
    category: 'action-outdoor',
    price: 750,
    salePrice: 0,
    totalStock: 55,
    palette: ['#4DD0E1', '#006064'],
    motif: 'balloon',
  },
  {
    title: "Light-Up 3-Wheel Kids' Scooter",
    description:
      'A stable three-wheel scooter with LED wheels that glow as it rolls and a height-adjustable handle. Holds riders aged 3 to 8 up to 50 kg.',
    category: 'action-outdoor',
    price: 4800,
    salePrice: 0,
    totalStock: 14,
    palette: ['#B39DDB', '#4527A0'],
    motif: 'car',
  },
  {
    title: "Kids' Trampoline with Safety Net",
    description:
      'A 140 cm trampoline with a padded frame, enclosure net and handle bar. Hours of safe bouncing in the back yard for ages 3 and up.',
    category: 'action-outdoor',
    price: 14500,
    salePrice: 0,
    totalStock: 3,
    palette: ['#81C784', '#1B5E20'],
    motif: 'star',
  },

  // Card & board games
  {
    title: 'Bao Wooden Board Game',
    description:
      'The traditional East African mancala game carved from solid wood, with 64 seeds. Sharpens counting and strategy for players aged 6 and up.',
    category: 'card-board-games',
    price: 2200,
    salePrice: 0,
    totalStock: 19,
    palette: ['#D7CCC8', '#6D4C41'],
    motif: 'puzzle',
  },
  {
    title: 'Snakes & Ladders and Ludo 2-in-1 Board',
    description: 'A folding board with Snakes & Ladders on one side and Ludo on the other, with dice and counters for up to four players.',
    category: 'card-board-games',
    price: 650,
    salePrice: 0,
    totalStock: 80,
    palette: ['#FFCDD2', '#D32F2F'],
    motif: 'puzzle',
  },
  {
    title: 'Folding Wooden Chess Set',
    description:
      'A 30 cm folding chessboard that stores all 32 hand-turned pieces inside. A lovely first chess set for ages 6 and up.',
    category: 'card-board-games',
    price: 2400,
    salePrice: 1990,
    totalStock: 26,
    palette: ['#EFEBE9', '#4E342E'],
    motif: 'puzzle',
  },
  {
    title: 'Colour Match Card Game',
    description:
      'A fast, fun card game of matching colours and numbers, with skip and reverse cards. For 2 to 8 players aged 6 and up.',
    category: 'card-board-games',
    price: 450,
    salePrice: 0,
    totalStock: 100,
    palette: ['#FFEB3B', '#E53935'],
    motif: 'book',
  },
  {
    title: 'Nairobi Tycoon Property Board Game',
    description:
      'Buy plots in Westlands, Karen and Kilimani, build flats and collect rent in this family trading game. Teaches money skills to players aged 8 and up.',
    category: 'card-board-games',
    price: 3100,
    salePrice: 0,
    totalStock: 7,
    palette: ['#C8E6C9', '#388E3C'],
    motif: 'puzzle',
  },
  {
    title: 'Tumbling Tower Stacking Game',
    description:
      "Fifty-four smooth hardwood blocks: pull one out, place it on top and don't let the tower fall. Steady-hand fun for all ages 5 and up.",
    category: 'card-board-games',
    price: 1300,
    salePrice: 0,
    totalStock: 44,
    palette: ['#FFE0B2', '#E65100'],
    motif: 'blocks',
  },
  {
    title: 'Kenyan Wildlife Memory Match Cards',
    description:
      'Forty-eight thick picture cards of the Big Five and other Kenyan animals. Turn two over and find the pairs, a great memory builder for ages 3 and up.',
    category: 'card-board-games',
    price: 550,
    salePrice: 0,
    totalStock: 0,
    palette: ['#DCEDC8', '#827717'],
    motif: 'book',
  },

  // Party supplies
  {
    title: 'Metallic Party Balloons (50 pcs)',
    description:
      'Shiny latex balloons in gold, silver, pink and blue. Perfect for birthday arches, baby showers and class parties.',
    category: 'party-supplies',
    price: 650,
    salePrice: 500,
    totalStock: 120,
    palette: ['#F8BBD0', '#8E24AA'],
    motif: 'balloon',
  },
  {
    title: 'Happy Birthday Banner – Gold',
    description: 'A glittery gold letter banner, 3 metres long with ribbon ready to hang. Reusable for every birthday in the family.',
    category: 'party-supplies',
    price: 350,
    salePrice: 0,
    totalStock: 85,
    palette: ['#FFF8E1', '#FFB300'],
    motif: 'star',
  },
  {
    title: 'Party Hats (12-Pack)',
    description: 'Bright card party hats with elastic chin straps and pom-poms. Enough for a dozen little guests.',
    category: 'party-supplies',
    price: 400,
    salePrice: 0,
    totalStock: 65,
    palette: ['#B2EBF2', '#00ACC1'],
    motif: 'star',
  },
  {
    title: 'Number Birthday Candle',
    description:
      'A sparkly gold number candle with a drip-free base to crown the birthday cake. Lights cleanly and safely for little ones to blow out.',
    category: 'party-supplies',
    price: 150,
    salePrice: 0,
    totalStock: 110,
    palette: ['#FFECB3', '#FF6F00'],
    motif: 'star',
  },
  {
    title: 'Paper Plates & Cups Set for 10 Guests',
    description:
      'Ten plates, ten cups, ten napkins and straws in a matching rainbow design. Sturdy enough for cake, samosas and juice.',
    category: 'party-supplies',
    price: 850,
    salePrice: 0,
    totalStock: 3,
    palette: ['#E1BEE7', '#7B1FA2'],
    motif: 'balloon',
  },
  {
    title: 'Star-Shaped Piñata',
    description:
      'A colourful tissue-paper piñata ready to fill with sweets and small toys. Comes with a hanging loop and a party stick.',
    category: 'party-supplies',
    price: 1400,
    salePrice: 0,
    totalStock: 11,
    palette: ['#FFF59D', '#EC407A'],
    motif: 'star',
  },
  {
    title: 'Party Favour Goodie Bags (20 pcs)',
    description:
      'Twenty printed paper goodie bags with handles, ready for sweets and small gifts for guests to take home.',
    category: 'party-supplies',
    price: 500,
    salePrice: 420,
    totalStock: 50,
    palette: ['#C5CAE9', '#3949AB'],
    motif: 'balloon',
  },

  // Stationery & school
  {
    title: 'KCPE-Style Revision Flashcards – Maths',
    description:
      'One hundred question-and-answer cards covering fractions, geometry and word problems in the style of the national exams. Handy for quick revision in Class 6 to 8.',
    category: 'stationery-school',
    price: 700,
    salePrice: 0,
    totalStock: 48,
    palette: ['#BBDEFB', '#1976D2'],
    motif: 'book',
  },
  {
    title: 'Wildlife of Kenya Colouring Book',
    description:
      'Forty pages of animals from the Maasai Mara, Tsavo and Lake Nakuru to colour in, each with a fun fact. For ages 4 and up.',
    category: 'stationery-school',
    price: 300,
    salePrice: 0,
    totalStock: 95,
    palette: ['#FFF9C4', '#FBC02D'],
    motif: 'book',
  },
  {
    title: 'Pencil Case with 24 Colour Pencils',
    description:
      'A zip pencil case that opens flat, filled with 24 pre-sharpened colour pencils, an eraser and a sharpener.',
    category: 'stationery-school',
    price: 850,
    salePrice: 700,
    totalStock: 60,
    palette: ['#B2DFDB', '#00796B'],
    motif: 'book',
  },
  {
    title: 'Safari Print School Backpack',
    description:
      'A padded, water-resistant backpack with a giraffe-and-zebra print, a bottle pocket and reflective strips. Fits A4 exercise books for Grade 1 to 5.',
    category: 'stationery-school',
    price: 2300,
    salePrice: 0,
    totalStock: 25,
    palette: ['#FFE0B2', '#F57C00'],
    motif: 'bear',
  },
  {
    title: 'A5 Exercise Books (10-Pack, 96 Pages)',
    description: 'Ten ruled exercise books with strong covers, the standard size asked for on most school lists.',
    category: 'stationery-school',
    price: 550,
    salePrice: 0,
    totalStock: 120,
    palette: ['#CFD8DC', '#455A64'],
    motif: 'book',
  },
  {
    title: 'Geometry Set with Ruler & Protractor',
    description:
      'A metal tin with compass, divider, protractor, set squares, ruler, pencil and eraser. Everything needed for upper-primary maths lessons.',
    category: 'stationery-school',
    price: 350,
    salePrice: 0,
    totalStock: 2,
    palette: ['#D1C4E9', '#512DA8'],
    motif: 'puzzle',
  },
  {
    title: 'Washable Watercolour Paint Set',
    description:
      'Twelve bright watercolour cakes with two brushes that wash easily out of school uniforms. For budding artists aged 4 and up.',
    category: 'stationery-school',
    price: 650,
    salePrice: 0,
    totalStock: 0,
    palette: ['#F8BBD0', '#5C6BC0'],
    motif: 'star',
  },

  // Fashion & accessories
  {
    title: 'Maasai-Beaded Bracelet for Kids',
    description:
      'A hand-beaded bracelet made by Maasai artisans in red, blue and white, with an adjustable tie. Sized for wrists aged 4 to 10.',
    category: 'fashion-accessories',
    price: 450,
    salePrice: 0,
    totalStock: 75,
    palette: ['#EF5350', '#1E88E5'],
    motif: 'star',
  },
  {
    title: "Kids' UV400 Sunglasses",
    description:
      'Flexible, shatter-resistant frames with UV400 lenses to protect young eyes at the beach or on safari. Suits ages 3 to 8.',
    category: 'fashion-accessories',
    price: 600,
    salePrice: 480,
    totalStock: 40,
    palette: ['#80DEEA', '#F06292'],
    motif: 'star',
  },
  {
    title: 'Cartoon Wristwatch',
    description:
      'An easy-to-read analogue watch with a soft silicone strap and a smiling face dial. Helps children aged 5 and up learn to tell the time.',
    category: 'fashion-accessories',
    price: 950,
    salePrice: 0,
    totalStock: 30,
    palette: ['#FFCC80', '#5D4037'],
    motif: 'star',
  },
  {
    title: 'Hair Clips & Bands Set (20 pcs)',
    description: 'Glittery clips, bows and soft elastic bands in a reusable box. Gentle on hair and perfect for school and parties.',
    category: 'fashion-accessories',
    price: 350,
    salePrice: 0,
    totalStock: 85,
    palette: ['#F3E5F5', '#AB47BC'],
    motif: 'balloon',
  },
  {
    title: "Kikoi Kids' Bucket Hat",
    description:
      'A cotton bucket hat made from striped kikoi fabric, with a wide brim for sun protection. One size fits ages 2 to 7.',
    category: 'fashion-accessories',
    price: 700,
    salePrice: 0,
    totalStock: 8,
    palette: ['#FFAB91', '#00897B'],
    motif: 'bear',
  },
  {
    title: 'Unicorn Crossbody Bag',
    description:
      'A small plush unicorn bag with a zip pocket and adjustable strap, just big enough for a snack and a hanky.',
    category: 'fashion-accessories',
    price: 1100,
    salePrice: 900,
    totalStock: 16,
    palette: ['#F8BBD0', '#9575CD'],
    motif: 'doll',
  },
  {
    title: 'Animal Ear Headbands (3-Pack)',
    description: 'Soft fabric headbands with lion, zebra and cat ears. Great for dress-up, birthday photos and school plays.',
    category: 'fashion-accessories',
    price: 500,
    salePrice: 0,
    totalStock: 28,
    palette: ['#FFE082', '#6D4C41'],
    motif: 'bear',
  },

  // Home & decor
  {
    title: 'Kiondo-Style Woven Storage Basket',
    description:
      'A hand-woven sisal basket with leather handles, in the traditional kiondo style. Holds soft toys, books or blankets in the nursery.',
    category: 'home-decor',
    price: 1600,
    salePrice: 0,
    totalStock: 23,
    palette: ['#E6C79C', '#A0522D'],
    motif: 'blocks',
  },
  {
    title: 'Alphabet Wall Decals',
    description:
      'Peel-and-stick letters A to Z with animal pictures that come off cleanly without damaging paint. Brightens up any playroom.',
    category: 'home-decor',
    price: 850,
    salePrice: 0,
    totalStock: 36,
    palette: ['#B2EBF2', '#0097A7'],
    motif: 'book',
  },
  {
    title: 'Felt Hot Air Balloon Mobile',
    description:
      'A handmade felt mobile of hot air balloons and clouds that turns gently above the cot. Soothing for newborns and babies.',
    category: 'home-decor',
    price: 1350,
    salePrice: 1100,
    totalStock: 14,
    palette: ['#FFF3E0', '#FF7043'],
    motif: 'balloon',
  },
  {
    title: 'Cloud Wall Bookshelf',
    description:
      'A white cloud-shaped wall shelf that displays picture books face out, so little readers can pick their own bedtime story.',
    category: 'home-decor',
    price: 2800,
    salePrice: 0,
    totalStock: 4,
    palette: ['#E3F2FD', '#64B5F6'],
    motif: 'book',
  },
  {
    title: 'Teddy Bear Cushion',
    description: "A soft, bear-shaped cushion with a removable, washable cover. Makes a cosy reading corner in the kids' room.",
    category: 'home-decor',
    price: 1200,
    salePrice: 0,
    totalStock: 47,
    palette: ['#D7CCC8', '#8D6E63'],
    motif: 'bear',
  },
  {
    title: 'Giraffe Height Growth Chart',
    description:
      'A tall canvas giraffe that measures children from 50 cm to 170 cm. Record each birthday and watch them grow.',
    category: 'home-decor',
    price: 750,
    salePrice: 0,
    totalStock: 55,
    palette: ['#FFF176', '#FFA000'],
    motif: 'star',
  },
  {
    title: 'Glow-in-the-Dark Wall Stars (100 pcs)',
    description:
      'One hundred stars and moons that soak up daylight and glow softly at night. Turn the bedroom ceiling into a night sky over Amboseli.',
    category: 'home-decor',
    price: 450,
    salePrice: 380,
    totalStock: 80,
    palette: ['#5C6BC0', '#1A237E'],
    motif: 'star',
  },
];

export const DEMO_FEATURE_BANNERS: readonly { headline: string; palette: readonly [string, string] }[] = [
  { headline: 'Big smiles, small prices: toys from KSh 50', palette: ['#FFB74D', '#E65100'] },
  { headline: 'Back to school: stationery & backpacks', palette: ['#4FC3F7', '#01579B'] },
  { headline: 'Party time! Balloons, hats & piñatas', palette: ['#F06292', '#6A1B9A'] },
];
