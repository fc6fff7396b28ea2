import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  App,
  Avatar,
  Badge,
  Button,
  Card,
  Carousel,
  Checkbox,
  Col,
  Collapse,
  ConfigProvider,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Layout,
  Menu,
  message,
  Modal,
  notification,
  Pagination,
  Popconfirm,
  Progress,
  Radio,
  Rate,
  Result,
  Row,
  Select,
  Skeleton,
  Spin,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
  Timeline,
  Tooltip,
  Typography,
  Upload,
  type ThemeConfig,
} from 'antd';
import { Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { compactMenuTheme, shopTheme, welcomePanelTheme } from '../app/theme';
import { ANTD_STYLE_GROUPS, type AntdStyleGroup, type StyledAntdExport } from './antd-style-groups';

/*
 * Run by the build (web/vite.config.ts), not in the app: each group's components are drawn once with
 * the shop's theme, and antd's styles for them taken from its style cache as the group's stylesheet.
 */

/**
 * What to draw of each component so that antd makes all of its styles, popups included: a closed
 * Modal, Drawer, Select, Dropdown or Popconfirm makes its popup's styles too. message and
 * notification show theirs only in a portal, after an effect, so their panels are drawn instead.
 * Not the PurePanels of the popups: each is wrapped in a theme of its own (antd's _util/PurePanel),
 * whose variables would come out under a key nothing on the page has.
 */
const CATALOGUE: Record<StyledAntdExport, ReactNode> = {
  Alert: <Alert title="" />,
  App: <App />,
  Avatar: <Avatar />,
  Badge: (
    <>
      <Badge count={1} />
      <Badge.Ribbon text="" />
    </>
  ),
  Button: <Button />,
  Card: <Card title="" />,
  Carousel: <Carousel />,
  Checkbox: <Checkbox />,
  Col: <Col />,
  Collapse: <Collapse items={[{ key: 'item', label: '', children: '' }]} />,
  Descriptions: <Descriptions items={[{ key: 'item', label: '', children: '' }]} />,
  Divider: <Divider />,
  Drawer: <Drawer />,
  Dropdown: (
    <Dropdown menu={{ items: [{ key: 'item', label: '' }] }}>
      <span />
    </Dropdown>
  ),
  Empty: <Empty />,
  Flex: <Flex />,
  Form: (
    <Form>
      <Form.Item label="" />
    </Form>
  ),
  Input: (
    <>
      <Input />
      <Input.Search />
      <Input.Password />
      <Input.TextArea showCount />
    </>
  ),
  InputNumber: <InputNumber />,
  Layout: (
    <Layout>
      <Layout.Header />
      <Layout.Sider />
      <Layout.Content />
      <Layout.Footer />
    </Layout>
  ),
  Menu: <Menu items={[{ key: 'item', label: '' }]} />,
  message: <message._InternalPanelDoNotUseOrYouWillBeFired type="success" content="" />,
  Modal: <Modal />,
  notification: <notification._InternalPanelDoNotUseOrYouWillBeFired type="success" title="" />,
  Pagination: <Pagination total={20} showSizeChanger={false} />,
  Popconfirm: (
    <Popconfirm title="">
      <span />
    </Popconfirm>
  ),
  Progress: <Progress percent={1} />,
  Radio: <Radio.Group options={['']} />,
  Rate: <Rate />,
  Result: <Result />,
  Row: <Row />,
  Select: <Select />,
  Skeleton: (
    <>
      <Skeleton avatar />
      <Skeleton.Node />
      <Skeleton.Input />
      <Skeleton.Button />
      <Skeleton.Image />
    </>
  ),
  Spin: <Spin />,
  Statistic: <Statistic value={1} />,
  Switch: <Switch />,
  Table: <Table columns={[{ key: 'column', title: '' }]} dataSource={[{ key: 'row' }]} />,
  Tabs: <Tabs items={[{ key: 'tab', label: '' }]} />,
  Tag: (
    <>
      <Tag />
      <Tag color="success" />
      <Tag color="red" />
    </>
  ),
  Timeline: <Timeline items={[{ key: 'item', content: '' }]} />,
  Tooltip: (
    <Tooltip title="">
      <span />
    </Tooltip>
  ),
  Typography: (
    <Typography>
      <Typography.Title />
      <Typography.Paragraph />
      <Typography.Text />
      <Typography.Link />
    </Typography>
  ),
  Upload: (
    <>
      <Upload />
      <Upload.Dragger />
    </>
  ),
};

/**
 * The themes the screens nest inside the shop's (each with a fixed key of its own), with what they
 * draw inside: their components' variables are scoped to that key, so they are drawn there again.
 */
const NESTED_THEMES: Partial<Record<AntdStyleGroup, { theme: ThemeConfig; draws: StyledAntdExport[] }[]>> = {
  // ShopMenuBars' row of categories.
  shop: [{ theme: compactMenuTheme, draws: ['Menu'] }],
  // AuthLayout's welcome panel.
  'sign-in': [{ theme: welcomePanelTheme, draws: ['Flex', 'Typography'] }],
};

const catalogueOf = (names: readonly StyledAntdExport[]) => names.map((name) => <Fragment key={name}>{CATALOGUE[name]}</Fragment>);

/** The shop's theme with antd making its styles, as the build needs it to: the keys and selectors stay those of the page. */
const EXTRACTION_THEME: ThemeConfig = { ...shopTheme, zeroRuntime: false };

/** The rule by which antd in a page would find styles it was sent inline; a stylesheet needs none. */
const CACHE_PATH_RULE = /\.data-ant-cssinjs-cache-path\{[^}]*\}/;

/**
 * Each group's stylesheet: the shop's whole, and any other's without what the shop's already has
 * (extractStyle's `once` skips the styles a cache gave before).
 */
export function buildAntdStylesheets(): Record<AntdStyleGroup, string> {
  const drawn = (cache: ReturnType<typeof createCache>, group: AntdStyleGroup) => {
    renderToString(
      <StyleProvider cache={cache}>
        <ConfigProvider theme={EXTRACTION_THEME}>
          {catalogueOf(ANTD_STYLE_GROUPS[group])}
          {NESTED_THEMES[group]?.map(({ theme, draws }, index) => (
            <ConfigProvider key={index} theme={theme}>
              {catalogueOf(draws)}
            </ConfigProvider>
          ))}
        </ConfigProvider>
      </StyleProvider>,
    );
    return extractStyle(cache, { plain: true, once: true }).replace(CACHE_PATH_RULE, '');
  };
  const groups = Object.keys(ANTD_STYLE_GROUPS) as AntdStyleGroup[];
  return Object.fromEntries(
    groups.map((group) => {
      const cache = createCache();
      const shop = drawn(cache, 'shop');
      return [group, group === 'shop' ? shop : drawn(cache, group)];
    }),
  ) as Record<AntdStyleGroup, string>;
}
