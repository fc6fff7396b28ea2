import { Col, Row, Skeleton } from 'antd';
import { messageOfFailure } from '../../app/shop.api';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { useGetProfileQuery } from './account.api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountZone } from './DeleteAccountZone';
import { ProfileDetailsForm } from './ProfileDetailsForm';

/** The account's Profile tab (docs/product.md, Accounts): read afresh on every visit, as a link opened in another browser may have verified the e-mail meanwhile. */
export function ProfileTab() {
  const { data: profile, error, isFetching, refetch } = useGetProfileQuery();

  return (
    <>
      <LoadFailureAlert error={messageOfFailure(error)} onRetry={() => void refetch()} retrying={isFetching} />
      {profile ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <ProfileDetailsForm profile={profile} />
          </Col>
          <Col xs={24} lg={12}>
            <ChangePasswordForm hasPassword={profile.hasPassword} />
          </Col>
          <Col span={24}>
            <DeleteAccountZone profile={profile} />
          </Col>
        </Row>
      ) : (
        !error && (
          <div aria-busy="true" aria-label="Loading your profile">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        )
      )}
    </>
  );
}
