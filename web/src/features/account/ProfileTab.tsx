import { Col, Row, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadFailureAlert } from '../../components/LoadFailureAlert';
import { profileRequested } from './account.slice';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountZone } from './DeleteAccountZone';
import { ProfileDetailsForm } from './ProfileDetailsForm';

/** The account's Profile tab (docs/product.md, Accounts): read afresh on every visit, as a link opened in another browser may have verified the e-mail meanwhile. */
export function ProfileTab() {
  const dispatch = useAppDispatch();
  const { profile, isLoading, error } = useAppSelector((state) => state.account);

  useEffect(() => {
    dispatch(profileRequested());
  }, [dispatch]);

  return (
    <>
      <LoadFailureAlert error={error} onRetry={() => dispatch(profileRequested())} retrying={isLoading} />
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
