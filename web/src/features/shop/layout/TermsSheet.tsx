import { Drawer, Flex, Typography } from 'antd';
import { telLink, TERMS_AND_CONDITIONS } from '@shop/contracts';
import { useShopInfo } from '../../shop-info/useShopInfo';

interface TermsSheetProps {
  open: boolean;
  onClose: () => void;
}

/** The terms and conditions in a side sheet (docs/product.md, Shop frame), full width on phones. */
export function TermsSheet({ open, onClose }: TermsSheetProps) {
  // The terms tell the shopper to call or visit: the sheet says where.
  const { info } = useShopInfo();
  return (
    <Drawer title={TERMS_AND_CONDITIONS.title} placement="right" size="min(560px, 100vw)" open={open} onClose={onClose}>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">Last updated {TERMS_AND_CONDITIONS.lastUpdated}</Typography.Text>
        <Typography.Paragraph style={{ marginTop: 8 }}>{TERMS_AND_CONDITIONS.introduction}</Typography.Paragraph>
        {TERMS_AND_CONDITIONS.sections.map((section) => (
          <section key={section.heading}>
            <Typography.Title level={5}>{section.heading}</Typography.Title>
            {section.paragraphs.map((paragraph) => (
              <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
            ))}
          </section>
        ))}
        {info && (
          <section>
            <Typography.Title level={5}>Contact us</Typography.Title>
            <Typography.Paragraph>
              Call <Typography.Link href={telLink(info.phone)}>{info.phone}</Typography.Link>, open {info.openingHours}, or visit us at{' '}
              {info.address}.
            </Typography.Paragraph>
          </section>
        )}
      </Flex>
    </Drawer>
  );
}
