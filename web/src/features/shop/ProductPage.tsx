import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../components/ComingSoon';

export function ProductPage() {
  const { id } = useParams();
  return <ComingSoon title="Product pages are coming soon" detail={`The details of toy #${id ?? ''} will open here.`} />;
}
