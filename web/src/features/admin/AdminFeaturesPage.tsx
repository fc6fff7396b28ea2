import { ComingSoon } from '../../components/ComingSoon';
import { AdminPageHeading } from './AdminPageHeading';

export function AdminFeaturesPage() {
  return (
    <>
      <AdminPageHeading>Feature images</AdminPageHeading>
      <ComingSoon title="Feature images are coming soon" detail="Uploading the pictures of the home page carousel arrives with the feature images release." />
    </>
  );
}
