import { adminOnlyFiles, type BuildManifest } from './chunk-audience';

/** The shape of a real build: the entry lazily imports a shop screen and two admin screens, which share code with the shop and with each other. */
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react-1.js'],
    dynamicImports: [
      'src/features/shop/CheckoutPage.tsx',
      'src/features/admin/AdminLayout.tsx',
      'src/features/admin/orders/AdminOrdersPage.tsx',
    ],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/features/shop/CheckoutPage.tsx': {
    file: 'assets/CheckoutPage-1.js',
    src: 'src/features/shop/CheckoutPage.tsx',
    imports: ['index.html', '_form-1.js'],
  },
  'src/features/admin/AdminLayout.tsx': {
    file: 'assets/AdminLayout-1.js',
    src: 'src/features/admin/AdminLayout.tsx',
    imports: ['index.html', '_table-1.js'],
    css: ['assets/AdminLayout-1.css'],
  },
  'src/features/admin/orders/AdminOrdersPage.tsx': {
    file: 'assets/AdminOrdersPage-1.js',
    src: 'src/features/admin/orders/AdminOrdersPage.tsx',
    imports: ['index.html', '_table-1.js', '_form-1.js'],
  },
  '_table-1.js': { file: 'assets/table-1.js', imports: ['_react-1.js'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_react-1.js'] },
};

describe('the files only admins load', () => {
  it('are the admin screens, their styles and the code only they share', () => {
    expect([...adminOnlyFiles(manifest)].sort()).toEqual([
      'assets/AdminLayout-1.css',
      'assets/AdminLayout-1.js',
      'assets/AdminOrdersPage-1.js',
      'assets/table-1.js',
    ]);
  });

  it('leave out what a shopper screen needs too, and the shell', () => {
    const adminOnly = adminOnlyFiles(manifest);
    for (const shared of ['assets/form-1.js', 'assets/react-1.js', 'assets/index-1.js', 'assets/index-1.css', 'assets/CheckoutPage-1.js']) {
      expect(adminOnly.has(shared)).toBe(false);
    }
  });
});
