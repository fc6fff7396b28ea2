import { CATEGORY_IDS, MESSAGES, type AdminProduct, type CategoryId, type ImageSet, type ProductInput } from '@shop/contracts';

/** The sheet's antd Form fields; empty inputs are undefined or null. */
export interface ProductFormValues {
  title?: string;
  description?: string;
  category?: CategoryId;
  price?: number | null;
  salePrice?: number | null;
  /** What is in the store room, counted: never what shoppers can buy, which is this less the units orders hold. */
  unitsOnHand?: number | null;
}

export interface DraftVariation {
  label: string;
  image: ImageSet;
}

/** Everything the sheet holds before it is sent. */
export interface ProductDraft {
  values: ProductFormValues;
  mainImage: ImageSet | null;
  variations: readonly DraftVariation[];
  /** The product's stock version the sheet was read at, sent back with the count; null while adding. */
  stockVersion: number | null;
}

export interface Requirement {
  key: keyof typeof MESSAGES.products.requirements;
  text: string;
  met: boolean;
}

function isAmount(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** The requirements panel (docs/product.md, Admin), in its order; the sheet submits only when every one is met. */
export function productRequirements({ values, mainImage, variations }: ProductDraft): Requirement[] {
  const texts = MESSAGES.products.requirements;
  const met: Record<Requirement['key'], boolean> = {
    title: (values.title ?? '').trim() !== '',
    category: values.category !== undefined && CATEGORY_IDS.includes(values.category),
    price: isAmount(values.price),
    stock: isAmount(values.unitsOnHand),
    image: mainImage !== null || variations.length > 0,
  };
  return (Object.keys(texts) as Requirement['key'][]).map((key) => ({ key, text: texts[key], met: met[key] }));
}

/** What the api is sent (numbers converted, an empty sale price is 0); null while a requirement is unmet. */
export function productInputOf(draft: ProductDraft): ProductInput | null {
  if (!productRequirements(draft).every((requirement) => requirement.met)) return null;
  const { values, mainImage, variations, stockVersion } = draft;
  return {
    title: (values.title ?? '').trim(),
    description: (values.description ?? '').trim(),
    category: values.category as CategoryId,
    price: Number(values.price),
    salePrice: values.salePrice ? Number(values.salePrice) : 0,
    totalStock: Number(values.unitsOnHand),
    ...(stockVersion === null ? {} : { stockVersion }),
    image: mainImage?.url ?? null,
    variations: variations.map((variation) => ({ label: variation.label.trim(), image: variation.image.url })),
  };
}

/** The sheet's starting point: blank to add, the product's own values to edit. */
export function draftOf(product: AdminProduct | null): ProductDraft {
  if (!product) return { values: {}, mainImage: null, variations: [], stockVersion: null };
  return {
    values: {
      title: product.title,
      description: product.description,
      category: product.category,
      price: product.price,
      salePrice: product.salePrice > 0 ? product.salePrice : null,
      unitsOnHand: product.unitsOnHand,
    },
    mainImage: product.image,
    variations: product.variations.map(({ label, image }) => ({ label, image })),
    stockVersion: product.stockVersion,
  };
}

/**
 * What the stock field says under it while the admin counts: the units orders hold, and what
 * shoppers could buy of the count typed so far (nothing while it is below what orders hold).
 */
export function unitsOnHandHelp(unitsOnHand: number | null | undefined, unitsHeld: number): string {
  const forSale = isAmount(unitsOnHand) ? Math.max(0, unitsOnHand - unitsHeld) : 0;
  return MESSAGES.adminCatalogue.unitsOnHandHelp(unitsHeld, forSale);
}

/** The server refuses a count below what orders hold: the sheet says so before sending it. */
export function countBelowHeld(unitsOnHand: number | null | undefined, unitsHeld: number): string | null {
  return isAmount(unitsOnHand) && unitsOnHand < unitsHeld ? MESSAGES.stock.belowHeld(unitsHeld) : null;
}

/** The end of a product id the screens show (ids are numbers; the cards show the last digits: docs/product.md, Admin). */
export function idSuffix(id: number, length: number): string {
  return String(id).slice(-length);
}

/** The variation chips a card has room for, and how many more the '+N' chip stands for. */
export function chipsOnCard<T>(variations: readonly T[], room: number): { shown: readonly T[]; more: number } {
  return { shown: variations.slice(0, room), more: Math.max(0, variations.length - room) };
}
