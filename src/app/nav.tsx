import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ReactElement } from 'react';
import type { Permission } from '../../core/roles.ts';
import { areaReads } from '../lib/permissions';
import { urls } from '../lib/urls';
import {
  CategoryIcon,
  CreditScoreIcon,
  HistoryIcon,
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
  /** What the person's role needs for the entry (and its badge) to show. */
  needs?: Permission;
}

export const navEntries: NavEntry[] = [
  { to: urls.home(), label: msg`Home`, icon: <HomeIcon /> },
  { to: urls.questions.index(), label: msg`Questions`, icon: <QuestionAnswerIcon />, badge: 'unanswered', needs: areaReads.questions },
  { to: urls.responseTime.index(), label: msg`Response time`, icon: <TimerIcon />, needs: areaReads.responseTime },
  { to: urls.stock.index(), label: msg`Stock`, icon: <InventoryIcon />, needs: areaReads.stock },
  { to: urls.categories.index(), label: msg`Categories`, icon: <CategoryIcon />, needs: areaReads.categories },
  { to: urls.fulfillment.index(), label: msg`Fulfillment`, icon: <WarehouseIcon />, needs: areaReads.fulfillment },
  { to: urls.credits.index(), label: msg`Credit leads`, icon: <CreditScoreIcon />, badge: 'newCreditLeads', needs: areaReads.credits },
  { to: urls.activity.index(), label: msg`Activity`, icon: <NotificationsIcon />, badge: 'unreadActivity' },
  { to: urls.audit.index(), label: msg`Audit`, icon: <HistoryIcon />, needs: areaReads.audit },
  { to: urls.settings.index(), label: msg`Settings`, icon: <SettingsIcon /> },
];
