import { LIMITS, MESSAGES, type AdminProduct, type ImageSet } from '@shop/contracts';
import { KITE } from './product-fixtures';
import {
  chipsOnCard,
  countBelowHeld,
  draftOf,
  idSuffix,
  productInputOf,
  productRequirements,
  unitsOnHandHelp,
  type ProductDraft,
} from './product-form';

const picture = (name: string): ImageSet => ({ url: `/uploads/originals/${name}.png`, status: 'pending', srcSet: [] });

const complete: ProductDraft = {
  values: {
    title: ' Wooden safari train ',
    description: 'Ten animals',
    category: 'educational-toys',
    price: 2500,
    salePrice: null,
    unitsOnHand: 12,
  },
  mainImage: picture('train'),
  variations: [{ label: ' Red ', image: picture('red') }],
  stockVersion: null,
};

const unmet = (draft: ProductDraft) =>
  productRequirements(draft)
    .filter((requirement) => !requirement.met)
    .map((requirement) => requirement.text);

describe("the product sheet's requirements", () => {
  it('lists the five requirements in order, each with its text', () => {
    expect(productRequirements(complete).map((requirement) => requirement.text)).toEqual([
      MESSAGES.products.requirements.title,
      MESSAGES.products.requirements.category,
      MESSAGES.products.requirements.price,
      MESSAGES.products.requirements.stock,
      MESSAGES.products.requirements.image,
    ]);
    expect(unmet(complete)).toEqual([]);
  });

  it('names each missing field of a blank sheet', () => {
    expect(unmet(draftOf(null))).toEqual(Object.values(MESSAGES.products.requirements));
  });

  it('takes a blank title, a negative price or an empty stock as unmet', () => {
    expect(unmet({ ...complete, values: { ...complete.values, title: '   ' } })).toEqual([MESSAGES.products.requirements.title]);
    expect(unmet({ ...complete, values: { ...complete.values, price: -1 } })).toEqual([MESSAGES.products.requirements.price]);
    expect(unmet({ ...complete, values: { ...complete.values, unitsOnHand: null } })).toEqual([MESSAGES.products.requirements.stock]);
  });

  it('is content with a free product and zero stock', () => {
    expect(unmet({ ...complete, values: { ...complete.values, price: 0, unitsOnHand: 0 } })).toEqual([]);
  });

  it('needs the main image or at least one variation', () => {
    expect(unmet({ ...complete, mainImage: null })).toEqual([]);
    expect(unmet({ ...complete, variations: [] })).toEqual([]);
    expect(unmet({ ...complete, mainImage: null, variations: [] })).toEqual([MESSAGES.products.requirements.image]);
  });
});

describe('what the sheet sends', () => {
  it('trims the texts, names images by their url, sends an empty sale price as 0 and, adding, the units as the opening stock with no version', () => {
    expect(productInputOf(complete)).toEqual({
      title: 'Wooden safari train',
      description: 'Ten animals',
      category: 'educational-toys',
      price: 2500,
      salePrice: 0,
      totalStock: 12,
      image: '/uploads/originals/train.png',
      variations: [{ label: 'Red', image: '/uploads/originals/red.png' }],
    });
  });

  it('sends no main image when only variations have one', () => {
    expect(productInputOf({ ...complete, mainImage: null })?.image).toBeNull();
  });

  it('sends nothing while a requirement is unmet', () => {
    expect(productInputOf({ ...complete, values: { ...complete.values, category: undefined } })).toBeNull();
  });

  it('starts an edit from the product, with no sale price shown when it has none', () => {
    const product: AdminProduct = {
      ...KITE,
      averageReview: 4,
      image: picture('kite'),
      variations: [{ id: 2, label: 'Blue', image: picture('blue') }],
    };
    const draft = draftOf(product);
    expect(draft.values.salePrice).toBeNull();
    expect(productInputOf(draft)).toMatchObject({
      price: 800,
      salePrice: 0,
      variations: [{ label: 'Blue', image: '/uploads/originals/blue.png' }],
    });
  });

  it('edits the units on hand, not what shoppers can buy, and sends back the stock version the sheet was read at', () => {
    const draft = draftOf({ ...KITE, image: picture('kite') });
    expect(draft.values.unitsOnHand).toBe(KITE.unitsOnHand);
    expect(productInputOf(draft)).toMatchObject({ totalStock: KITE.unitsOnHand, stockVersion: KITE.stockVersion });
    expect(productInputOf({ ...draft, values: { ...draft.values, unitsOnHand: 9 } })).toMatchObject({
      totalStock: 9,
      stockVersion: KITE.stockVersion,
    });
  });
});

describe('the units on hand field', () => {
  it('says how many units orders hold and how many of the count shoppers can buy', () => {
    expect(unitsOnHandHelp(KITE.unitsOnHand, KITE.unitsHeld)).toBe('2 held by orders, 3 for sale');
    expect(unitsOnHandHelp(10, 3)).toBe(MESSAGES.adminCatalogue.unitsOnHandHelp(3, 7));
    expect(unitsOnHandHelp(1, 3)).toBe(MESSAGES.adminCatalogue.unitsOnHandHelp(3, 0));
    expect(unitsOnHandHelp(null, 3)).toBe(MESSAGES.adminCatalogue.unitsOnHandHelp(3, 0));
  });

  it('refuses a count below what orders hold, as the server would', () => {
    expect(countBelowHeld(1, 2)).toBe(MESSAGES.stock.belowHeld(2));
    expect(countBelowHeld(2, 2)).toBeNull();
    expect(countBelowHeld(null, 2)).toBeNull();
  });
});

describe('product cards', () => {
  it('show the units on hand and those for sale', () => {
    expect(MESSAGES.adminCatalogue.stockOnCard(KITE.unitsOnHand, KITE.totalStock)).toBe('On hand: 5 · for sale: 3');
  });

  it('show the last characters of the id', () => {
    expect(idSuffix(1234567890, LIMITS.productCardIdSuffixLength)).toBe('567890');
    expect(idSuffix(42, LIMITS.productEditIdSuffixLength)).toBe('42');
  });

  it('show up to four variation chips, then how many more', () => {
    expect(chipsOnCard(['a', 'b', 'c'], LIMITS.variationChipsOnCard)).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(chipsOnCard(['a', 'b', 'c', 'd', 'e', 'f'], LIMITS.variationChipsOnCard)).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
  });
});
