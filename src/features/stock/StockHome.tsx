import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { userProductIdPattern } from '../../api/stock';
import { DataState } from '../../components/DataState';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useMe } from '../../lib/identity';
import { useUrlState } from '../../lib/urlState';
import { TitleSearch } from '../../components/TitleSearch';
import { z } from 'zod/mini';
import { ListRoom, UserProductList } from './UserProductList';
import { useStore } from '../../lib/store';
import { urls } from '../../lib/urls';
import { recentStore } from './queries';
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

const urlSchema = z.object({ q: z.catch(z.string(), '') });

/** The seller's user products from their catalog, searchable by listing title. */
function Catalog() {
  const { t } = useLingui();
  const me = useMe();
  const [url, update] = useUrlState(urlSchema);
  return (
    <Section title={t`Your user products`}>
      <TitleSearch key={url.q} q={url.q} onSearch={(q) => update({ q })} label={t`Search by title`} submitLabel={t`Search`} />
      {me.data ? (
        <UserProductList sellerId={me.data.id} q={url.q} />
      ) : (
        <ListRoom>
          <DataState query={me}>{() => null}</DataState>
        </ListRoom>
      )}
    </Section>
  );
}

export function StockHome() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t({ id: 'page:/stock:title', message: 'Stock' })} />
      <Typography
        sx={{ mb: 2 }}
      >{t`The stock of a user product is shared by all its listings and sales channels. Pick one of yours, or open one by its id, to see where its units are and change the ones you manage.`}</Typography>
      <Box sx={{ mb: 2 }}>
        <OpenForm />
      </Box>
      <Typography sx={{ mb: 2 }}>
        <Link component={RouterLink} to={urls.stock.bulk()}>
          {t`Export and import stock in a spreadsheet`}
        </Link>
      </Typography>
      <Catalog />
      <Recent />
    </>
  );
}
