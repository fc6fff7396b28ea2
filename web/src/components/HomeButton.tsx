import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@shop/contracts';

/** Back to '/', which the route guard turns into the visitor's own home. */
export function HomeButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(ROUTES.root)}>
      Back Home
    </Button>
  );
}
