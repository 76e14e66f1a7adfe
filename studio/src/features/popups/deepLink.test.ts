import { describe, expect, it } from 'vitest';
import { popupFromSearch, searchWithoutDeepLink } from './deepLink.ts';
import { UPGRADE_INFO_TYPES } from './popupStore.ts';

describe('popupFromSearch', () => {
  it('opens the popups that need no props', () => {
    for (const name of ['signUp', 'logIn', 'subscription', 'checkIn', 'referFriend', 'discount', 'concurrency', 'announcement', 'effects'] as const) {
      expect(popupFromSearch(`?popup=${name}`), name).toEqual({ name, props: {} });
    }
  });

  it('opens upgrade-plan with each of the eight infoTypes, or without one', () => {
    expect(UPGRADE_INFO_TYPES).toHaveLength(8);
    for (const infoType of UPGRADE_INFO_TYPES) expect(popupFromSearch(`?popup=upgradePlan&infoType=${infoType}`)).toEqual({ name: 'upgradePlan', props: { infoType } });
    expect(popupFromSearch('?popup=upgradePlan')).toEqual({ name: 'upgradePlan', props: {} });
  });

  it('rejects unknown infoTypes, exactly as spelled', () => {
    expect(popupFromSearch('?popup=upgradePlan&infoType=Nope')).toBeNull();
    expect(popupFromSearch('?popup=upgradePlan&infoType=videousage')).toBeNull();
    expect(popupFromSearch('?popup=upgradePlan&infoType=')).toBeNull();
  });

  it('takes an effects media type when it is video or image', () => {
    expect(popupFromSearch('?popup=effects&mediaType=image')).toEqual({ name: 'effects', props: { mediaType: 'image' } });
    expect(popupFromSearch('?popup=effects&mediaType=audio')).toBeNull();
  });

  it('rejects unknown names and popups that need props', () => {
    for (const search of ['', '?', '?utm_source=x', '?popup=', '?popup=nope', '?popup=SIGNUP', '?popup=__proto__', '?popup=toString', '?popup=publish', '?popup=report', '?popup=forgotPassword', '?popup=projectChoose']) {
      expect(popupFromSearch(search), search).toBeNull();
    }
  });

  it('reads the parameter among others and without a leading ?', () => {
    expect(popupFromSearch('utm_source=mail&popup=discount')).toEqual({ name: 'discount', props: {} });
  });
});

describe('searchWithoutDeepLink', () => {
  it('drops only the deep-link parameters', () => {
    expect(searchWithoutDeepLink('?popup=upgradePlan&infoType=Extend')).toBe('');
    expect(searchWithoutDeepLink('?utm_source=mail&popup=effects&mediaType=image&period=yearly')).toBe('?utm_source=mail&period=yearly');
    expect(searchWithoutDeepLink('')).toBe('');
  });
});
