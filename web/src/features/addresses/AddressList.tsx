import { Card, Col, Empty, Radio, Row, Skeleton } from 'antd';
import { LIMITS, MESSAGES, type Address } from '@shop/contracts';
import { useAppDispatch } from '../../app/hooks';
import { AddressCard } from './AddressCard';
import { addressSelected } from './addresses.slice';

interface AddressListProps {
  addresses: Address[];
  isLoading: boolean;
  selectable: boolean;
  selectedAddressId: number | null;
  /** Cards a row on wide screens: two beside the checkout's order summary, three across the account page. */
  cardsPerRow: 2 | 3;
}

/** The saved addresses as cards; on the checkout they form one radio group, so arrow keys move the choice. */
export function AddressList({ addresses, isLoading, selectable, selectedAddressId, cardsPerRow }: AddressListProps) {
  const dispatch = useAppDispatch();

  if (isLoading && addresses.length === 0) {
    return (
      <Row gutter={[16, 16]} aria-busy>
        {Array.from({ length: 2 }, (_, index) => (
          <Col key={index} xs={24} sm={12}>
            <Card size="small">
              <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  if (addresses.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.address.none} />;

  const cards = (
    <Row gutter={[16, 16]} aria-busy={isLoading}>
      {addresses.map((address) => (
        <Col key={address.id} xs={24} sm={12} xl={cardsPerRow === 3 ? 8 : 12}>
          <AddressCard address={address} selectable={selectable} selected={selectable && address.id === selectedAddressId} />
        </Col>
      ))}
    </Row>
  );
  if (!selectable) return cards;
  return (
    <Radio.Group
      name="delivery-address"
      value={selectedAddressId}
      onChange={(event) => dispatch(addressSelected(event.target.value as number))}
      aria-label={`Delivery address (${addresses.length} of ${LIMITS.maxAddressesPerUser} saved)`}
      style={{ display: 'block', width: '100%' }}
    >
      {cards}
    </Radio.Group>
  );
}
