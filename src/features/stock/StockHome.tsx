import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { DemoUserProduct } from '../../api/demo';
import { userProductIdPattern } from '../../api/stock';
import { DataState } from '../../components/DataState';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useMessages } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useStore } from '../../lib/store';
import { urls } from '../../lib/urls';
import { locationInfo } from './explain';
import { messages } from './messages';
import { demoUserProductsQuery, recentStore } from './queries';

function OpenForm() {
  const t = useMessages(messages);
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = value.trim().toUpperCase();
    // Checked here so a malformed id never reaches the API.
    if (!userProductIdPattern.test(id)) {
      setInvalid(true);
      return;
    }
    void navigate(urls.stock.detail(id));
  };
  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, alignItems: 'flex-start' }}
      onSubmit={submit}
      noValidate
    >
      <TextField
        label={t('openLabel')}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setInvalid(false);
        }}
        error={invalid}
        helperText={invalid ? t('invalidId') : t('openHelp')}
        size="small"
        sx={{ minWidth: { sm: 320 }, width: { xs: '100%', sm: 'auto' } }}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
      <Button type="submit" variant="contained">
        {t('open')}
      </Button>
    </Box>
  );
}

function Recent() {
  const t = useMessages(messages);
  const recent = useStore(recentStore);
  return (
    <Section title={t('recentTitle')}>
      {recent.length === 0 ? (
        <Typography color="text.secondary">{t('recentEmpty')}</Typography>
      ) : (
        <>
          <List dense>
            {recent.map((id) => (
              <ListItem key={id} disableGutters>
                <Link component={RouterLink} to={urls.stock.detail(id)}>
                  {id}
                </Link>
              </ListItem>
            ))}
          </List>
          <Button size="small" onClick={() => recentStore.set([])}>
            {t('clearRecent')}
          </Button>
        </>
      )}
    </Section>
  );
}

function DemoList() {
  const t = useMessages(messages);
  const query = useQuery(demoUserProductsQuery);
  const scenarios: Record<NonNullable<DemoUserProduct['scenario']>, string> = {
    fulfillment_only: t('scenarioFulfillmentOnly'),
    no_items: t('scenarioNoItems'),
    no_inventory_id: t('scenarioNoInventory'),
    full_inbound_needed: t('scenarioFullInbound'),
    facility_only_own_delivery: t('scenarioAddSelling'),
  };
  return (
    <Section title={t('demoTitle')}>
      <Typography variant="body2" color="text.secondary">
        {t('demoIntro')}
      </Typography>
      <DataState query={query}>
        {(products) => (
          <List dense>
            {products.map((product) => (
              <ListItem key={product.id} disableGutters sx={{ display: 'block' }}>
                <Link component={RouterLink} to={urls.stock.detail(product.id)} sx={{ fontWeight: 600 }}>
                  {product.id}
                </Link>
                {product.title && <Typography component="span">{` — ${product.title}`}</Typography>}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  {product.types.map((type) => (
                    <Chip key={type} size="small" variant="outlined" label={locationInfo(type, t).name} />
                  ))}
                  {product.scenario && <Chip size="small" color="warning" variant="outlined" label={scenarios[product.scenario]} />}
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </DataState>
    </Section>
  );
}

export function StockHome() {
  const t = useMessages(messages);
  const { mode } = useSession();
  return (
    <>
      <PageHeader title={t('title')} />
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      <Box sx={{ mb: 2 }}>
        <OpenForm />
      </Box>
      <Recent />
      {mode === 'demo' && <DemoList />}
    </>
  );
}
