import '../../styles/antd/admin.css';

export { AdminProductsPage } from './products/AdminProductsPage';
