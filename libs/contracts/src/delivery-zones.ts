export interface DeliveryLocation {
  name: string;
  /** Delivery fee in whole KES. */
  fee: number;
}

export interface DeliverySubCounty {
  name: string;
  locations: readonly DeliveryLocation[];
}

export interface DeliveryCounty {
  name: string;
  subCounties: readonly DeliverySubCounty[];
}

/**
 * Counties, sub-counties and locations the shop delivers to, with a fixed fee
 * per location. Fees grow with distance from the Nairobi CBD.
 */
export const DELIVERY_ZONES: readonly DeliveryCounty[] = [
  {
    name: 'Nairobi',
    subCounties: [
      {
        name: 'Starehe',
        locations: [
          { name: 'Nairobi Central', fee: 100 },
          { name: 'Ngara', fee: 120 },
          { name: 'Pangani', fee: 130 },
          { name: 'Ziwani', fee: 130 },
          { name: 'Nairobi South', fee: 140 },
        ],
      },
      {
        name: 'Kamukunji',
        locations: [
          { name: 'Pumwani', fee: 130 },
          { name: 'Eastleigh', fee: 140 },
          { name: 'California', fee: 140 },
          { name: 'Airbase', fee: 150 },
        ],
      },
      {
        name: 'Westlands',
        locations: [
          { name: 'Parklands', fee: 150 },
          { name: 'Westlands', fee: 150 },
          { name: 'Mountain View', fee: 180 },
          { name: 'Kangemi', fee: 180 },
          { name: 'Kitisuru', fee: 200 },
        ],
      },
      {
        name: 'Dagoretti North',
        locations: [
          { name: 'Kilimani', fee: 150 },
          { name: 'Kileleshwa', fee: 160 },
          { name: 'Lavington', fee: 170 },
          { name: 'Kawangware', fee: 190 },
          { name: 'Gatina', fee: 190 },
        ],
      },
      {
        name: 'Dagoretti South',
        locations: [
          { name: 'Riruta', fee: 200 },
          { name: 'Uthiru', fee: 210 },
          { name: 'Waithaka', fee: 210 },
          { name: 'Mutuini', fee: 220 },
        ],
      },
      {
        name: 'Langata',
        locations: [
          { name: 'Nairobi West', fee: 160 },
          { name: 'South C', fee: 170 },
          { name: 'Langata', fee: 190 },
          { name: 'Mugumo-ini', fee: 200 },
          { name: 'Karen', fee: 230 },
        ],
      },
      {
        name: 'Kibra',
        locations: [
          { name: 'Woodley', fee: 170 },
          { name: 'Makina', fee: 180 },
          { name: 'Laini Saba', fee: 180 },
          { name: 'Lindi', fee: 180 },
          { name: "Sarang'ombe", fee: 190 },
        ],
      },
      {
        name: 'Makadara',
        locations: [
          { name: 'Makongeni', fee: 150 },
          { name: 'Harambee', fee: 150 },
          { name: 'Maringo', fee: 160 },
          { name: 'Viwandani', fee: 160 },
        ],
      },
      {
        name: 'Mathare',
        locations: [
          { name: 'Mlango Kubwa', fee: 160 },
          { name: 'Mabatini', fee: 160 },
          { name: 'Huruma', fee: 170 },
          { name: 'Kiamaiko', fee: 170 },
        ],
      },
      {
        name: 'Ruaraka',
        locations: [
          { name: 'Utalii', fee: 180 },
          { name: 'Mathare North', fee: 180 },
          { name: 'Baba Dogo', fee: 190 },
          { name: 'Lucky Summer', fee: 190 },
          { name: 'Korogocho', fee: 190 },
        ],
      },
      {
        name: 'Roysambu',
        locations: [
          { name: 'Roysambu', fee: 190 },
          { name: 'Zimmerman', fee: 200 },
          { name: 'Githurai', fee: 220 },
          { name: 'Kahawa West', fee: 220 },
          { name: 'Kahawa', fee: 230 },
        ],
      },
      {
        name: 'Kasarani',
        locations: [
          { name: 'Kasarani', fee: 200 },
          { name: 'Clay City', fee: 210 },
          { name: 'Mwiki', fee: 220 },
          { name: 'Njiru', fee: 240 },
          { name: 'Ruai', fee: 280 },
        ],
      },
      {
        name: 'Embakasi South',
        locations: [
          { name: 'Imara Daima', fee: 190 },
          { name: 'Kwa Reuben', fee: 200 },
          { name: 'Pipeline', fee: 200 },
          { name: 'Kwa Njenga', fee: 210 },
          { name: 'Kware', fee: 210 },
        ],
      },
      {
        name: 'Embakasi North',
        locations: [
          { name: 'Kariobangi North', fee: 200 },
          { name: 'Dandora', fee: 220 },
        ],
      },
      {
        name: 'Embakasi Central',
        locations: [
          { name: 'Kayole', fee: 220 },
          { name: 'Komarock', fee: 220 },
          { name: 'Matopeni', fee: 230 },
        ],
      },
      {
        name: 'Embakasi East',
        locations: [
          { name: 'Embakasi', fee: 230 },
          { name: 'Upper Savannah', fee: 240 },
          { name: 'Lower Savannah', fee: 240 },
          { name: 'Utawala', fee: 250 },
          { name: "Mihang'o", fee: 250 },
        ],
      },
      {
        name: 'Embakasi West',
        locations: [
          { name: 'Umoja', fee: 200 },
          { name: 'Mowlem', fee: 210 },
          { name: 'Kariobangi South', fee: 200 },
        ],
      },
    ],
  },
  {
    name: 'Kiambu',
    subCounties: [
      {
        name: 'Kiambaa',
        locations: [
          { name: 'Kihara', fee: 230 },
          { name: 'Karuri', fee: 240 },
          { name: 'Banana Hill', fee: 240 },
          { name: 'Ndenderu', fee: 240 },
          { name: 'Cianda', fee: 250 },
        ],
      },
      {
        name: 'Ruiru',
        locations: [
          { name: 'Kahawa Sukari', fee: 230 },
          { name: 'Membley', fee: 240 },
          { name: 'Ruiru Town', fee: 250 },
          { name: 'Kihunguro', fee: 250 },
          { name: 'Gitothua', fee: 260 },
        ],
      },
      {
        name: 'Kabete',
        locations: [
          { name: 'Kabete', fee: 240 },
          { name: 'Wangige', fee: 250 },
          { name: 'Gitaru', fee: 250 },
          { name: 'Nyathuna', fee: 260 },
          { name: 'Muguga', fee: 260 },
        ],
      },
      {
        name: 'Kiambu Town',
        locations: [
          { name: 'Kiambu Town', fee: 250 },
          { name: 'Ndumberi', fee: 260 },
          { name: 'Riabai', fee: 260 },
          { name: 'Tinganga', fee: 270 },
        ],
      },
      {
        name: 'Kikuyu',
        locations: [
          { name: 'Kinoo', fee: 240 },
          { name: 'Kikuyu Town', fee: 260 },
          { name: 'Sigona', fee: 270 },
          { name: 'Karai', fee: 280 },
          { name: 'Nachu', fee: 290 },
        ],
      },
      {
        name: 'Juja',
        locations: [
          { name: 'Juja Town', fee: 280 },
          { name: 'Witeithie', fee: 280 },
          { name: 'Kalimoni', fee: 290 },
          { name: 'Theta', fee: 300 },
        ],
      },
      {
        name: 'Limuru',
        locations: [
          { name: 'Tigoni', fee: 290 },
          { name: 'Ngecha', fee: 290 },
          { name: 'Limuru Town', fee: 300 },
          { name: 'Bibirioni', fee: 310 },
        ],
      },
      {
        name: 'Thika Town',
        locations: [
          { name: 'Thika Township', fee: 300 },
          { name: 'Kamenu', fee: 310 },
          { name: 'Makongeni', fee: 310 },
          { name: 'Gatuanyaga', fee: 340 },
          { name: 'Ngoliba', fee: 350 },
        ],
      },
      {
        name: 'Githunguri',
        locations: [
          { name: 'Githunguri Town', fee: 320 },
          { name: 'Githiga', fee: 330 },
          { name: 'Ikinu', fee: 330 },
          { name: 'Komothai', fee: 340 },
        ],
      },
    ],
  },
  {
    name: 'Kajiado',
    subCounties: [
      {
        name: 'Kajiado North',
        locations: [
          { name: 'Ongata Rongai', fee: 200 },
          { name: 'Oloolua', fee: 220 },
          { name: 'Ngong', fee: 230 },
          { name: 'Olkeri', fee: 240 },
          { name: 'Kiserian', fee: 250 },
        ],
      },
      {
        name: 'Kajiado East',
        locations: [
          { name: 'Kitengela', fee: 260 },
          { name: 'Kaputiei North', fee: 290 },
          { name: 'Oloosirkon', fee: 300 },
          { name: 'Isinya', fee: 330 },
        ],
      },
      {
        name: 'Kajiado West',
        locations: [
          { name: 'Keekonyokie', fee: 400 },
          { name: "Ewuaso Oonkidong'i", fee: 450 },
          { name: 'Magadi', fee: 550 },
          { name: 'Mosiro', fee: 600 },
        ],
      },
      {
        name: 'Kajiado Central',
        locations: [
          { name: 'Kajiado Town', fee: 420 },
          { name: 'Ildamat', fee: 440 },
          { name: 'Dalalekutuk', fee: 480 },
          { name: 'Matapato North', fee: 500 },
        ],
      },
      {
        name: 'Kajiado South',
        locations: [
          { name: 'Imbirikani', fee: 650 },
          { name: 'Kimana', fee: 680 },
          { name: 'Loitokitok', fee: 700 },
          { name: 'Entonet', fee: 720 },
          { name: 'Rombo', fee: 750 },
        ],
      },
    ],
  },
  {
    name: 'Machakos',
    subCounties: [
      {
        name: 'Mavoko',
        locations: [
          { name: 'Syokimau', fee: 280 },
          { name: 'Mlolongo', fee: 290 },
          { name: 'Athi River', fee: 310 },
          { name: 'Katani', fee: 320 },
          { name: 'Kinanie', fee: 330 },
        ],
      },
      {
        name: 'Machakos Town',
        locations: [
          { name: 'Machakos CBD', fee: 350 },
          { name: 'Mumbuni', fee: 360 },
          { name: 'Mua', fee: 370 },
          { name: 'Kalama', fee: 380 },
          { name: 'Muvuti', fee: 380 },
        ],
      },
      {
        name: 'Matungulu',
        locations: [
          { name: 'Tala', fee: 360 },
          { name: 'Matungulu North', fee: 370 },
          { name: 'Kyeleni', fee: 380 },
          { name: 'Matungulu East', fee: 390 },
        ],
      },
      {
        name: 'Kangundo',
        locations: [
          { name: 'Kangundo Town', fee: 390 },
          { name: 'Kivaani', fee: 390 },
          { name: 'Kanzalu', fee: 400 },
          { name: 'Kawethei', fee: 400 },
        ],
      },
      {
        name: 'Kathiani',
        locations: [
          { name: 'Kathiani Town', fee: 380 },
          { name: 'Iveti', fee: 380 },
          { name: 'Mitaboni', fee: 390 },
          { name: 'Lower Kaewa', fee: 400 },
        ],
      },
      {
        name: 'Mwala',
        locations: [
          { name: 'Masii', fee: 410 },
          { name: 'Mwala Town', fee: 420 },
          { name: 'Mbiuni', fee: 420 },
          { name: 'Wamunyu', fee: 430 },
        ],
      },
      {
        name: 'Yatta',
        locations: [
          { name: 'Kithimani', fee: 400 },
          { name: 'Ndalani', fee: 410 },
          { name: 'Matuu', fee: 420 },
          { name: 'Katangi', fee: 430 },
          { name: 'Ikombe', fee: 440 },
        ],
      },
      {
        name: 'Masinga',
        locations: [
          { name: 'Masinga Town', fee: 440 },
          { name: 'Muthesya', fee: 440 },
          { name: 'Ekalakala', fee: 450 },
          { name: 'Kivaa', fee: 450 },
        ],
      },
    ],
  },
  {
    name: 'Mombasa',
    subCounties: [
      {
        name: 'Mvita',
        locations: [
          { name: 'Mombasa CBD', fee: 300 },
          { name: 'Old Town', fee: 300 },
          { name: 'Ganjoni', fee: 300 },
          { name: 'Tudor', fee: 310 },
          { name: 'Majengo', fee: 310 },
        ],
      },
      {
        name: 'Nyali',
        locations: [
          { name: 'Nyali', fee: 320 },
          { name: 'Frere Town', fee: 320 },
          { name: 'Kongowea', fee: 320 },
          { name: 'Kadzandani', fee: 330 },
          { name: "Ziwa la Ng'ombe", fee: 330 },
        ],
      },
      {
        name: 'Changamwe',
        locations: [
          { name: 'Changamwe', fee: 330 },
          { name: 'Port Reitz', fee: 330 },
          { name: 'Kipevu', fee: 330 },
          { name: 'Chaani', fee: 340 },
        ],
      },
      {
        name: 'Kisauni',
        locations: [
          { name: 'Bamburi', fee: 340 },
          { name: 'Mtopanga', fee: 340 },
          { name: 'Mjambere', fee: 340 },
          { name: 'Shanzu', fee: 350 },
          { name: 'Mwakirunge', fee: 360 },
        ],
      },
      {
        name: 'Likoni',
        locations: [
          { name: 'Likoni', fee: 340 },
          { name: 'Shika Adabu', fee: 350 },
          { name: 'Timbwani', fee: 350 },
          { name: 'Mtongwe', fee: 360 },
        ],
      },
      {
        name: 'Jomvu',
        locations: [
          { name: 'Mikindani', fee: 360 },
          { name: 'Jomvu Kuu', fee: 360 },
          { name: 'Miritini', fee: 370 },
        ],
      },
    ],
  },
  {
    name: 'Kisumu',
    subCounties: [
      {
        name: 'Kisumu Central',
        locations: [
          { name: 'Kisumu CBD', fee: 400 },
          { name: 'Milimani', fee: 400 },
          { name: 'Railways', fee: 400 },
          { name: 'Kondele', fee: 410 },
          { name: 'Nyalenda', fee: 410 },
        ],
      },
      {
        name: 'Kisumu East',
        locations: [
          { name: 'Manyatta', fee: 410 },
          { name: 'Kolwa', fee: 420 },
          { name: 'Kajulu', fee: 420 },
          { name: 'Kibos', fee: 420 },
        ],
      },
      {
        name: 'Kisumu West',
        locations: [
          { name: 'Otonglo', fee: 420 },
          { name: 'Kisian', fee: 420 },
          { name: 'Holo', fee: 430 },
          { name: 'Maseno', fee: 430 },
        ],
      },
      {
        name: 'Seme',
        locations: [
          { name: 'East Seme', fee: 430 },
          { name: 'Kombewa', fee: 440 },
          { name: 'West Seme', fee: 450 },
        ],
      },
      {
        name: 'Nyando',
        locations: [
          { name: 'Ahero', fee: 430 },
          { name: 'Awasi', fee: 440 },
          { name: 'Kobura', fee: 440 },
        ],
      },
      {
        name: 'Nyakach',
        locations: [
          { name: 'Pap Onditi', fee: 440 },
          { name: 'Katito', fee: 440 },
          { name: 'Sondu', fee: 450 },
        ],
      },
      {
        name: 'Muhoroni',
        locations: [
          { name: 'Miwani', fee: 440 },
          { name: 'Chemelil', fee: 450 },
          { name: 'Muhoroni Town', fee: 450 },
          { name: 'Koru', fee: 450 },
        ],
      },
    ],
  },
];

/** Where an address delivers to, as named by the zone table. */
export interface DeliveryPlace {
  county: string;
  subCounty: string;
  location: string;
}

/** The fee of a place the zone table knows, or undefined when the location does not lie in that sub-county and county. */
export function deliveryFeeOf({ county, subCounty, location }: DeliveryPlace): number | undefined {
  return DELIVERY_ZONES.find((candidate) => candidate.name === county)
    ?.subCounties.find((candidate) => candidate.name === subCounty)
    ?.locations.find((candidate) => candidate.name === location)?.fee;
}

/** The one-line form of an address: 'specificAddress, location, subCounty, county'. */
export function composeAddress({ specificAddress, location, subCounty, county }: DeliveryPlace & { specificAddress: string }): string {
  return [specificAddress, location, subCounty, county].join(', ');
}
