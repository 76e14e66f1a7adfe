/** Opens the popup a `?popup=` link asks for, then drops those parameters from the URL (same history entry). */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { popupFromSearch, searchWithoutDeepLink } from './deepLink.ts';
import { usePopupStore } from './popupStore.ts';

export function usePopupDeepLink() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const popup = popupFromSearch(location.search);
    if (!popup) return;
    usePopupStore.setState({ current: popup });
    void navigate({ pathname: location.pathname, search: searchWithoutDeepLink(location.search), hash: location.hash }, { replace: true, state: location.state });
  }, [location, navigate]);
}
