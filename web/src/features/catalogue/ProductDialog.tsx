import { Modal } from 'antd';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useScreens } from '../../app/useScreens';
import { ProductHeading, ProductView } from './ProductView';
import { productViewClosed } from './productView.slice';

/** The product detail dialog (docs/product.md, Catalogue), mounted once by the shop layout and opened by any product card. */
export function ProductDialog() {
  const dispatch = useAppDispatch();
  const isShowingDialog = useAppSelector((state) => state.productView.place === 'dialog');
  // The details are cleared once the closing animation has ended, not while the dialog still fades out.
  const [isClosing, setClosing] = useState(false);
  const isPhone = useScreens().md !== true;

  return (
    <Modal
      open={isShowingDialog && !isClosing}
      onCancel={() => setClosing(true)}
      afterClose={() => {
        // The product page may have taken the view over meanwhile; only the dialog's own view is cleared.
        if (isShowingDialog) dispatch(productViewClosed());
        setClosing(false);
      }}
      footer={null}
      title={<ProductHeading level={2} />}
      width={{ xs: '100%', md: 960 }}
      centered={!isPhone}
      destroyOnHidden
      // On phones the dialog takes the whole screen: a floating card would leave no room for the review form.
      style={isPhone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      styles={isPhone ? { container: { minHeight: '100dvh', borderRadius: 0 } } : undefined}
    >
      <ProductView headingLevel={2} />
    </Modal>
  );
}
