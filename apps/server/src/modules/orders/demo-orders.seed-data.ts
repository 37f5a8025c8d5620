import type { TLanguage, TShippingAddress } from '@linkstore/contract';

/** A demo buyer: who they are, where their parcel goes, and the language they write reviews in. */
export interface DemoBuyer {
  /** As shown on a review: first name and initial. */
  displayName: string;
  email: string;
  language: TLanguage;
  address: TShippingAddress;
}

/** Invented people on reserved example domains and fictitious street numbers. */
export const DEMO_BUYERS: readonly DemoBuyer[] = [
  {
    displayName: 'Emily R.',
    email: 'emily.r@example.com',
    language: 'en',
    address: {
      name: 'Emily Roberts',
      line1: '12 Maple Avenue',
      city: 'Portland',
      region: 'OR',
      postalCode: '97201',
      countryCode: 'US',
    },
  },
  {
    displayName: 'James K.',
    email: 'james.k@example.net',
    language: 'en',
    address: {
      name: 'James Kelly',
      line1: '4 Park Row',
      city: 'Leeds',
      postalCode: 'LS1 5HD',
      countryCode: 'GB',
    },
  },
  {
    displayName: 'Lucía G.',
    email: 'lucia.g@example.org',
    language: 'es',
    address: {
      name: 'Lucía García',
      line1: 'Calle Mayor 21',
      city: 'Valencia',
      postalCode: '46001',
      countryCode: 'ES',
    },
  },
  {
    displayName: 'Mateo F.',
    email: 'mateo.f@example.com',
    language: 'es',
    address: {
      name: 'Mateo Fernández',
      line1: 'Av. Corrientes 1500',
      city: 'Buenos Aires',
      postalCode: 'C1042',
      countryCode: 'AR',
    },
  },
  {
    displayName: 'Beatriz S.',
    email: 'beatriz.s@example.net',
    language: 'pt',
    address: {
      name: 'Beatriz Souza',
      line1: 'Rua Augusta 300',
      city: 'São Paulo',
      region: 'SP',
      postalCode: '01305-000',
      countryCode: 'BR',
    },
  },
  {
    displayName: '王芳',
    email: 'wang.fang@example.com',
    language: 'zh-cn',
    address: { name: '王芳', line1: '南京路 88 号', city: '上海', postalCode: '200001', countryCode: 'CN' },
  },
  {
    displayName: 'Camille D.',
    email: 'camille.d@example.org',
    language: 'fr',
    address: {
      name: 'Camille Dubois',
      line1: '8 rue de la République',
      city: 'Lyon',
      postalCode: '69002',
      countryCode: 'FR',
    },
  },
  {
    displayName: 'Noah T.',
    email: 'noah.t@example.com',
    language: 'en',
    address: {
      name: 'Noah Turner',
      line1: '77 King Street',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5H 1J9',
      countryCode: 'CA',
    },
  },
];

/** Review bodies by language; the demo's verified reviews are 4 or 5 stars. */
export const DEMO_REVIEW_BODIES: Record<TLanguage, readonly string[]> = {
  en: [
    'Arrived quickly and looks exactly like the photos. Very happy with it.',
    'Good quality for the price, I would order from this shop again.',
    'Bought it as a gift and it went down really well.',
  ],
  es: [
    'Llegó rápido y es igual que en las fotos. Muy contenta con la compra.',
    'Buena calidad por el precio, volvería a comprar en esta tienda.',
    'Lo compré para regalar y gustó mucho.',
  ],
  pt: [
    'Chegou rápido e é igualzinho às fotos. Muito satisfeita.',
    'Boa qualidade pelo preço, compraria de novo nesta loja.',
    'Comprei para presentear e fez sucesso.',
  ],
  'zh-cn': [
    '发货很快，和图片一模一样，非常满意。',
    '性价比很高，还会在这家店回购。',
    '买来送人的，对方很喜欢。',
  ],
  fr: [
    'Arrivé vite et conforme aux photos. Très contente de mon achat.',
    'Bonne qualité pour le prix, je commanderai de nouveau dans cette boutique.',
    'Acheté pour offrir, il a beaucoup plu.',
  ],
};
