import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ReactElement } from 'react';
import { urls } from '../lib/urls';
import {
  CategoryIcon,
  CreditScoreIcon,
  HomeIcon,
  InventoryIcon,
  NotificationsIcon,
  QuestionAnswerIcon,
  SettingsIcon,
  TimerIcon,
  WarehouseIcon,
} from './icons';

/** The width of the navigation column on wide screens and of the phone menu. */
export const navWidth = 232;

export interface NavEntry {
  to: string;
  label: MessageDescriptor;
  icon: ReactElement;
  /** A live count shown beside the label. */
  badge?: 'unanswered' | 'newCreditLeads' | 'unreadActivity';
}

export const navEntries: NavEntry[] = [
  { to: urls.home(), label: msg`Home`, icon: <HomeIcon /> },
  { to: urls.questions.index(), label: msg`Questions`, icon: <QuestionAnswerIcon />, badge: 'unanswered' },
  { to: urls.responseTime.index(), label: msg`Response time`, icon: <TimerIcon /> },
  { to: urls.stock.index(), label: msg`Stock`, icon: <InventoryIcon /> },
  { to: urls.categories.index(), label: msg`Categories`, icon: <CategoryIcon /> },
  { to: urls.fulfillment.index(), label: msg`Fulfillment`, icon: <WarehouseIcon /> },
  { to: urls.credits.index(), label: msg`Credit leads`, icon: <CreditScoreIcon />, badge: 'newCreditLeads' },
  { to: urls.activity.index(), label: msg`Activity`, icon: <NotificationsIcon />, badge: 'unreadActivity' },
  { to: urls.settings.index(), label: msg`Settings`, icon: <SettingsIcon /> },
];
