import { Button, Checkbox, Divider, Flex, theme, Typography } from 'antd';
import { Fragment } from 'react';
import { PRODUCT_FILTER_GROUPS, type ProductFilterGroupId, type ProductFilters } from '@shop/contracts';
import { activeFilterCount } from './listing-request';

interface ListingFiltersProps {
  filters: ProductFilters;
  onToggle: (group: ProductFilterGroupId, value: string) => void;
  onClear: () => void;
}

/** The listing's filter groups as checkboxes (docs/product.md, Catalogue); a click toggles one value. */
export function ListingFilters({ filters, onToggle, onClear }: ListingFiltersProps) {
  const { token } = theme.useToken();
  return (
    <Flex vertical>
      {PRODUCT_FILTER_GROUPS.map((group, index) => (
        <Fragment key={group.id}>
          {index > 0 && <Divider style={{ margin: `${token.marginSM}px 0` }} />}
          <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <legend style={{ padding: 0, marginBottom: token.marginXS }}>
              <Typography.Text strong>{group.label}</Typography.Text>
            </legend>
            <Flex vertical gap={token.marginXXS}>
              {group.options.map((option) => (
                <Checkbox
                  key={option.id}
                  checked={filters[group.id]?.includes(option.id) ?? false}
                  onChange={() => onToggle(group.id, option.id)}
                >
                  {option.label}
                </Checkbox>
              ))}
            </Flex>
          </fieldset>
        </Fragment>
      ))}
      {activeFilterCount(filters) > 0 && (
        <Button onClick={onClear} style={{ marginTop: token.marginMD }}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
