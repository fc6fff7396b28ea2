import { ComingSoon } from '../../components/ComingSoon';
import { AdminPageHeading } from './AdminPageHeading';

export function AdminProductsPage() {
  return (
    <>
      <AdminPageHeading>Products</AdminPageHeading>
      <ComingSoon title="Products are coming soon" detail="Adding, editing and deleting toys, with images and variations, arrives with the product management release." />
    </>
  );
}
