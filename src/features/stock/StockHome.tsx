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
import { useSession } from '../../lib/session';
import { useStore } from '../../lib/store';
import { urls } from '../../lib/urls';
import { locationInfo } from './explain';
import { demoUserProductsQuery, recentStore } from './queries';
import { useLingui } from '@lingui/react/macro';

function OpenForm() {
  const { t } = useLingui();
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
        label={t`User product id`}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setInvalid(false);
        }}
        error={invalid}
        helperText={
          invalid
            ? t`That is not a user product id: use the site id, "U" and digits (for example MLAU3000001).`
            : t`For example MLAU3000001: the site id, "U" and digits.`
        }
        size="small"
        sx={{ minWidth: { sm: 320 }, width: { xs: '100%', sm: 'auto' } }}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
      <Button type="submit" variant="contained">
        {t`Open`}
      </Button>
    </Box>
  );
}

function Recent() {
  const { t } = useLingui();
  const recent = useStore(recentStore);
  return (
    <Section title={t`Recently opened on this device`}>
      {recent.length === 0 ? (
        <Typography color="text.secondary">{t`Nothing opened yet.`}</Typography>
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
            {t`Clear the list`}
          </Button>
        </>
      )}
    </Section>
  );
}

function DemoList() {
  const { t, i18n } = useLingui();
  const query = useQuery(demoUserProductsQuery);
  const scenarios: Record<NonNullable<DemoUserProduct['scenario']>, string> = {
    fulfillment_only: t`Items sold through fulfillment only`,
    no_items: t`No items associated`,
    no_inventory_id: t`An item without inventory id`,
    full_inbound_needed: t`Full inbound needed`,
    facility_only_own_delivery: t`Can add selling-address stock`,
  };
  return (
    <Section title={t`User products in the demo`}>
      <Typography variant="body2" color="text.secondary">
        {t`Seeded user products, including ones where the server refuses a change, so each rule can be tried.`}
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
                    <Chip key={type} size="small" variant="outlined" label={locationInfo(type, i18n).name} />
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
  const { t } = useLingui();
  const { mode } = useSession();
  return (
    <>
      <PageHeader title={t`Stock`} />
      <Typography
        sx={{ mb: 2 }}
      >{t`The stock of a user product is shared by all its listings and sales channels. Open one by its id to see where its units are and change the ones you manage.`}</Typography>
      <Box sx={{ mb: 2 }}>
        <OpenForm />
      </Box>
      <Recent />
      {mode === 'demo' && <DemoList />}
    </>
  );
}
