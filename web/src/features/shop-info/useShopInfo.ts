import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectShopInfo } from './shop-info.selectors';
import { shopInfoRequested, type ShopInfoState } from './shop-info.slice';

/** The shop's contact details for a component that shows them, asked for when it first shows. */
export function useShopInfo(): ShopInfoState {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(shopInfoRequested());
  }, [dispatch]);
  return useAppSelector(selectShopInfo);
}
