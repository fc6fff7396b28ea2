import { HeartOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectWishlistCount } from './wishlist.selectors';
import { WishlistSheet } from './WishlistSheet';

/** The header's wishlist button, with the number of products kept, and the sheet it opens. */
export function WishlistButton() {
  const [isOpen, setOpen] = useState(false);
  const count = useAppSelector(selectWishlistCount);
  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" shape="circle" size="large" icon={<HeartOutlined />} aria-label="Wishlist" onClick={() => setOpen(true)} />
      </Badge>
      <WishlistSheet open={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
