import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import TimerIcon from '@mui/icons-material/Timer';
import InventoryIcon from '@mui/icons-material/Inventory2';
import CategoryIcon from '@mui/icons-material/Category';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import CreditScoreIcon from '@mui/icons-material/CreditScore';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ReactElement } from 'react';
import { urls } from '../lib/urls';
import type { appMessages } from './messages';

type AppKey = keyof (typeof appMessages)['en'];

/** The width of the navigation column on wide screens and of the phone menu. */
export const navWidth = 232;

export interface NavEntry {
  to: string;
  label: AppKey;
  icon: ReactElement;
  /** A live count shown beside the label. */
  badge?: 'unanswered' | 'newCreditLeads';
}

export const navEntries: NavEntry[] = [
  { to: urls.questions.index(), label: 'navQuestions', icon: <QuestionAnswerIcon />, badge: 'unanswered' },
  { to: urls.responseTime.index(), label: 'navResponseTime', icon: <TimerIcon /> },
  { to: urls.stock.index(), label: 'navStock', icon: <InventoryIcon /> },
  { to: urls.categories.index(), label: 'navCategories', icon: <CategoryIcon /> },
  { to: urls.fulfillment.index(), label: 'navFulfillment', icon: <WarehouseIcon /> },
  { to: urls.credits.index(), label: 'navCredits', icon: <CreditScoreIcon />, badge: 'newCreditLeads' },
  { to: urls.settings.index(), label: 'navSettings', icon: <SettingsIcon /> },
];
