import { UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Flex, Input, Rate, Skeleton, theme, Typography } from 'antd';
import { useState } from 'react';
import { LIMITS, LOCALE, MESSAGES, ROUTES, type Review } from '@shop/contracts';
import { useAppSelector } from '../../app/hooks';
import { messageOfFailure } from '../../app/shop.api';
import { selectAuth } from '../auth/auth.selectors';
import { useGoToSignIn } from '../auth/useSignInFirst';
import { useAddReviewMutation, useGetReviewsQuery } from './catalogue.api';

const reviewDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });

function ReviewItem({ review }: { review: Review }) {
  const { token } = theme.useToken();
  return (
    <Flex gap={token.marginSM} align="start">
      <Avatar aria-hidden style={{ flexShrink: 0, backgroundColor: token.colorPrimaryBg, color: token.colorPrimary }}>
        {review.userName.charAt(0).toUpperCase() || <UserOutlined />}
      </Avatar>
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Flex justify="space-between" gap={token.marginXS} wrap>
          <Typography.Text strong>{review.userName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {reviewDate.format(new Date(review.createdAt))}
          </Typography.Text>
        </Flex>
        <Rate
          disabled
          value={review.reviewValue}
          style={{ fontSize: token.fontSize }}
          aria-label={`${review.reviewValue} out of ${LIMITS.reviewValueMax} stars`}
        />
        {/* Plain text on purpose: a review is whatever a shopper typed, markup included. */}
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.reviewMessage}
        </Typography.Paragraph>
      </Flex>
    </Flex>
  );
}

/** The product's reviews, newest first, or 'No Reviews'. */
export function ReviewList({ productId }: { productId: number }) {
  const { data: reviews = [], isLoading, error } = useGetReviewsQuery(productId, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Skeleton active avatar paragraph={{ rows: 2 }} />;
  if (error) return <Alert type="error" showIcon title={messageOfFailure(error)} />;
  if (reviews.length === 0) return <Typography.Text type="secondary">{MESSAGES.review.none}</Typography.Text>;
  return (
    <Flex vertical gap="middle" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewItem review={review} />
        </li>
      ))}
    </Flex>
  );
}

/** Guests may read reviews (docs/product.md, Reviews); writing one is a shopper's, so a guest is offered to sign in and come back here. */
function SignInToReview() {
  const goToSignIn = useGoToSignIn();
  return (
    <Typography.Link
      href={ROUTES.login}
      onClick={(event) => {
        event.preventDefault();
        goToSignIn();
      }}
    >
      Sign in to write a review
    </Typography.Link>
  );
}

export function ReviewForm({ productId }: { productId: number }) {
  const { authChecked, isAuthenticated } = useAppSelector(selectAuth);
  // Until the session check answers, nobody is known to be a guest: offer neither.
  if (!authChecked) return null;
  return isAuthenticated ? <ReviewFields productId={productId} /> : <SignInToReview />;
}

const NO_REVIEW_YET = { rating: 0, message: '' };

/**
 * The rating starts at 0 and Submit waits for a star and a message that is not blank. The draft is
 * the form's own: it is kept when the api refuses it and emptied once the review is added.
 */
function ReviewFields({ productId }: { productId: number }) {
  const [reviewDraft, setReviewDraft] = useState(NO_REVIEW_YET);
  const [addReview, { isLoading: isSubmittingReview }] = useAddReviewMutation();
  const canSubmit = reviewDraft.rating >= LIMITS.reviewValueMin && reviewDraft.message.trim() !== '';
  const submit = async () => {
    const added = await addReview({ productId, reviewMessage: reviewDraft.message.trim(), reviewValue: reviewDraft.rating });
    if ('data' in added) setReviewDraft(NO_REVIEW_YET);
  };

  return (
    <Flex
      vertical
      gap="small"
      component="form"
      aria-label="Write a review"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit && !isSubmittingReview) void submit();
      }}
    >
      <Typography.Text strong>Write a review</Typography.Text>
      <Rate value={reviewDraft.rating} onChange={(rating) => setReviewDraft({ ...reviewDraft, rating })} aria-label="Your rating" />
      <Input.TextArea
        value={reviewDraft.message}
        onChange={(event) => setReviewDraft({ ...reviewDraft, message: event.target.value })}
        maxLength={LIMITS.reviewMessageMaxLength}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder="Share what you think of this toy"
        aria-label="Review message"
      />
      <Button
        type="primary"
        htmlType="submit"
        disabled={!canSubmit}
        loading={isSubmittingReview}
        style={{ alignSelf: 'flex-start', marginTop: 8 }}
      >
        Submit
      </Button>
    </Flex>
  );
}
