import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import TimerIcon from '@mui/icons-material/Timer';
import InventoryIcon from '@mui/icons-material/Inventory2';
import CategoryIcon from '@mui/icons-material/Category';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import CreditScoreIcon from '@mui/icons-material/CreditScore';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ReactElement } from 'react';

type AppKey = keyof (typeof appMessages)['en'];

/** The width of the navigation column on wide screens and of the phone menu. */
export const navWidth = 232;

export interface NavEntry {
  to: string;
  label: AppKey;
  icon: ReactElement;
  /** A live count shown beside the label. */
  badge?: 'unanswered' | 'newLeads';
}

export const navEntries: NavEntry[] = [
  { to: '/questions', label: 'navQuestions', icon: <QuestionAnswerIcon />, badge: 'unanswered' },
  { to: '/response-time', label: 'navResponseTime', icon: <TimerIcon /> },
  { to: '/stock', label: 'navStock', icon: <InventoryIcon /> },
  { to: '/categories', label: 'navCategories', icon: <CategoryIcon /> },
  { to: '/fulfillment', label: 'navFulfillment', icon: <WarehouseIcon /> },
  { to: '/credits', label: 'navCredits', icon: <CreditScoreIcon />, badge: 'newLeads' },
  { to: '/settings', label: 'navSettings', icon: <SettingsIcon /> },
];
