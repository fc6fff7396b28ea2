import { ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectCartCount } from './cart.selectors';
import { CartSheet } from './CartSheet';

/** The header's cart button, with the number of pieces in the cart, and the sheet it opens. */
export function CartButton() {
  const [isOpen, setOpen] = useState(false);
  const count = useAppSelector(selectCartCount);
  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" shape="circle" size="large" icon={<ShoppingCartOutlined />} aria-label="Cart" onClick={() => setOpen(true)} />
      </Badge>
      <CartSheet open={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
