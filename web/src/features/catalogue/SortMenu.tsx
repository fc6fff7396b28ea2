import { SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { SORT_OPTIONS, type SortOption } from '@shop/contracts';

const SORT_ITEMS: MenuProps['items'] = SORT_OPTIONS.map((option) => ({ key: option.id, label: option.label }));

interface SortMenuProps {
  sortBy: SortOption;
  onChange: (sortBy: SortOption) => void;
  /** Phones show the button alone; wider screens name the current order too. */
  showCurrent: boolean;
}

export function SortMenu({ sortBy, onChange, showCurrent }: SortMenuProps) {
  const current = SORT_OPTIONS.find((option) => option.id === sortBy);
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const chosen = SORT_OPTIONS.find((option) => option.id === key);
    if (chosen) onChange(chosen.id);
  };
  return (
    <Dropdown menu={{ items: SORT_ITEMS, selectable: true, selectedKeys: [sortBy], onClick }} trigger={['click']} placement="bottomRight">
      <Button icon={<SwapOutlined rotate={90} />}>Sort by{showCurrent && current ? `: ${current.label}` : ''}</Button>
    </Dropdown>
  );
}
