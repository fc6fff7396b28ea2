export { AdminProductsPage } from './products/AdminProductsPage';
