import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react/macro';
import { DataState } from '../../components/DataState';
import { PageHeader } from '../../components/PageHeader';
import { useMe } from '../../lib/identity';
import { areaReads, useGrants } from '../../lib/permissions';
import { ActivityCard, CreditLeadsCard, QuestionsCard, ResponseTimeCard } from './cards';
import { StockCard } from './StockCard';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

/** `/`: what needs the seller now, one card per area, each a link to the page behind it (one column on phones). */
export function Component() {
  const { t } = useLingui();
  const me = useMe();
  // A card per area the role may read: the others' reads would be refused.
  const { can } = useGrants();
  return (
    <>
      <PageHeader title={t({ id: 'page:/:title', message: 'Home' })} />
      <DataState query={me}>
        {({ id }) => (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            {can(areaReads.questions) && <QuestionsCard sellerId={id} />}
            {can(areaReads.responseTime) && <ResponseTimeCard sellerId={id} />}
            {can(areaReads.stock) && <StockCard sellerId={id} />}
            {can(areaReads.credits) && <CreditLeadsCard sellerId={id} />}
            <ActivityCard />
          </Box>
        )}
      </DataState>
    </>
  );
}
