import { CATALOGUE_API, formatKes, ROUTES } from '@shop/contracts';
import { SHOP_URL } from './support/browser.js';
import { addProduct, useToyWithPicture } from './support/catalogue.js';

/** How WhatsApp's link preview announces itself: it runs no JavaScript and reads the HTML's head only. */
const WHATSAPP_USER_AGENT = 'WhatsApp/2.24.6.77 A';

/** A meta tag's content as a crawler reads it, entities and all decoded. */
function metaOf(html: string, key: string): string | undefined {
  const content = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  return content
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('a toy link shared on WhatsApp', () => {
  const added = useToyWithPicture({
    title: 'Kifaru & Friends "Safari" Puzzle',
    description: 'Forty-eight chunky wooden pieces: a rhino, two zebras and a giraffe at the waterhole. For ages three and up.',
    category: 'card-board-games',
    price: 1_450,
    salePrice: 1_200,
    totalStock: 12,
  });

  it('previews the toy, its KES price and its picture from the HTML alone', async () => {
    const toy = added.toy();
    const response = await fetch(new URL(ROUTES.shopProduct(toy.id), SHOP_URL), {
      headers: { 'User-Agent': WHATSAPP_USER_AGENT, Accept: 'text/html' },
    });
    expect(response.status).toBe(200);
    const html = await response.text();

    expect(metaOf(html, 'og:title')).toBe(toy.title);
    expect(metaOf(html, 'og:url')).toBe(new URL(ROUTES.shopProduct(toy.id), SHOP_URL).href);
    expect(metaOf(html, 'og:description')).toContain(formatKes(1_200));
    expect(metaOf(html, 'product:price:amount')).toBe('1200');
    expect(metaOf(html, 'product:price:currency')).toBe('KES');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');

    // An absolute address of one of the toy's JPEG derivatives, which WhatsApp can fetch.
    const image = metaOf(html, 'og:image')!;
    const jpegs = toy
      .image!.srcSet.filter((candidate) => candidate.format === 'jpeg')
      .map((candidate) => new URL(candidate.url, SHOP_URL).href);
    expect(jpegs).toContain(image);
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
  });

  it('shows the plain shop page for a toy that was retired', async () => {
    const session = added.admin();
    const retired = await addProduct(session, {
      title: 'Retired kite',
      description: 'Gone.',
      category: 'action-outdoor',
      price: 300,
      totalStock: 1,
    });
    await fetch(new URL(CATALOGUE_API.deleteProduct(retired.id), SHOP_URL), { method: 'DELETE', headers: { Cookie: session.cookie } });
    const html = await (
      await fetch(new URL(ROUTES.shopProduct(retired.id), SHOP_URL), { headers: { 'User-Agent': WHATSAPP_USER_AGENT } })
    ).text();
    // The shop's page all the same (drawn by the server, so inert until the app has taken it over), without the toy's preview.
    expect(html).toMatch(/<div id="root"( inert)?>/);
    expect(metaOf(html, 'og:title')).toBeUndefined();
  });
});
