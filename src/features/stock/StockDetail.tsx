import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod/mini';
import { isApiError } from '../../api/errors';
import { userProductIdPattern, type StockLocation, type StockRead } from '../../api/stock';
import { DataState } from '../../components/DataState';
import { describeError } from '../../components/describeError';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useFormat } from '../../lib/format';
import { useMe } from '../../lib/identity';
import { useDenial, useGrants } from '../../lib/permissions';
import { itemQuery } from '../../lib/items';
import { useUrlState } from '../../lib/urlState';
import { urls } from '../../lib/urls';
import { ConflictDialog } from './ConflictDialog';
import { EditDialog } from './EditDialog';
import { LowStockSection } from './LowStockSection';
import { describeStockWriteError, locationInfo, targetName } from './explain';
import { stockQuery } from '../../lib/stock';
import { linkedItemsQuery, rememberRecent, useStockWrite, type WritePhase } from './queries';
import { applyMineOnLatest, quantityAt, targetKey, type EditTarget } from './writes';
import { useLingui } from '@lingui/react/macro';

/** The open edit dialog lives in the URL: ?edit=selling_address or ?edit=<store id>. */
const urlSchema = z.object({ edit: z.catch(z.optional(z.string()), undefined) });

function targetOf(location: StockLocation): EditTarget | null {
  if (location.type === 'selling_address') return { type: 'selling_address' };
  if (location.type === 'seller_warehouse' && location.store_id) {
    return { type: 'seller_warehouse', storeId: location.store_id, networkNodeId: location.network_node_id };
  }
  return null;
}

/** The target named by ?edit=, if the read has it (a meli_facility-only product may gain a selling address). */
function findTarget(read: StockRead, key: string | undefined): EditTarget | null {
  if (key === 'selling_address') return { type: 'selling_address' };
  const location = read.stock.locations.find((l) => l.type === 'seller_warehouse' && l.store_id === key);
  return location ? targetOf(location) : null;
}

function WriteStatus({ phase }: { phase: WritePhase }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  if (phase.kind === 'idle' || phase.kind === 'conflict') return null;
  const location = targetName(phase.edit.target, i18n);
  const quantity = phase.edit.value;
  if (phase.kind === 'refused') {
    return (
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        <AlertTitle>{t`Your change of ${location} to ${{ quantity: format.number(quantity) }} was not applied`}</AlertTitle>
        {describeError(phase.error, i18n, describeStockWriteError).summary}
      </Alert>
    );
  }
  const content = {
    sending: { severity: 'info', text: t`Sending: ${location} to ${{ quantity: format.number(quantity) }}…` },
    pending: {
      severity: 'info',
      text: t`Pending: the server accepted ${location} = ${{ quantity: format.number(quantity) }}. Stock is updated asynchronously; waiting for a read newer than version ${{ version: format.number(BigInt(phase.edit.base.version)) }}.`,
    },
    confirmed: {
      severity: 'success',
      text:
        'read' in phase
          ? t`Confirmed: ${location} is ${{ quantity: format.number(quantity) }} at version ${{ version: format.number(BigInt(phase.read.version)) }}.`
          : '',
    },
    replaced: {
      severity: 'warning',
      text:
        'read' in phase
          ? t`Your change to ${{ quantity: format.number(quantity) }} was applied, but ${location} has changed again since: it is ${{ current: format.number(quantityAt(phase.read.stock, phase.edit.target)) }} now (version ${{ version: format.number(BigInt(phase.read.version)) }}).`
          : '',
    },
    unconfirmed: { severity: 'warning', text: t`Accepted, but the new quantity has not shown yet. Reload in a moment to check it.` },
    kept: {
      severity: 'info',
      text:
        'latest' in phase
          ? t`Kept the other change: ${location} stays ${{ quantity: format.number(quantityAt(phase.latest.stock, phase.edit.target)) }} (version ${{ version: format.number(BigInt(phase.latest.version)) }}). Yours was not sent.`
          : '',
    },
  } as const;
  const { severity, text } = content[phase.kind];
  return (
    <Alert severity={severity} role="status" sx={{ mb: 2 }} data-testid="write-status" data-phase={phase.kind}>
      {text}
    </Alert>
  );
}

function Locations({ read, busy, onEdit }: { read: StockRead; busy: boolean; onEdit: (target: EditTarget) => void }) {
  const { t, i18n } = useLingui();
  // A role without stock changes sees the quantities, and why there is nothing to edit, where the edits were.
  const denial = useDenial('stock.write');
  const format = useFormat();
  const { locations } = read.stock;
  const total = locations.reduce((sum, l) => sum + l.quantity, 0);
  const onlyOperator = locations.length > 0 && locations.every((l) => l.type === 'meli_facility');
  return (
    <Section title={t`Locations`}>
      <Typography sx={{ fontWeight: 600 }} data-testid="stock-version">
        {t`Read at version ${{ version: format.number(BigInt(read.version)) }}`}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t`Every read of the stock has a version. A change goes out with the version it started from, so nobody’s change is overwritten unseen.`}
      </Typography>
      {denial && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {denial}
        </Alert>
      )}
      {locations.length === 0 ? (
        <Typography color="text.secondary">{t`This user product has no stock locations.`}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0}>
          <Table size="small" aria-label={t`Locations`}>
            <TableHead>
              <TableRow>
                <TableCell>{t`Location`}</TableCell>
                <TableCell>{t`Managed by`}</TableCell>
                <TableCell align="right">{t`Quantity`}</TableCell>
                <TableCell>{t`Store and network node`}</TableCell>
                {!denial && <TableCell>{t`Change`}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {locations.map((location, index) => {
                const info = locationInfo(location.type, i18n);
                const target = info.editable ? targetOf(location) : null;
                return (
                  <TableRow key={`${location.type}-${location.store_id ?? index}`}>
                    <TableCell sx={{ minWidth: 220 }}>
                      <Typography sx={{ fontWeight: 600 }}>{info.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {info.explanation}
                      </Typography>
                    </TableCell>
                    <TableCell>{info.manager}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                      {format.number(location.quantity)}
                    </TableCell>
                    <TableCell>
                      {location.store_id ? (
                        <>
                          <Typography variant="body2">{location.store_id}</Typography>
                          <Typography variant="caption" color="text.secondary">
                            {location.network_node_id}
                          </Typography>
                        </>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    {!denial && (
                      <TableCell>
                        {target ? (
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={busy}
                            aria-label={t`Edit the quantity of ${{ location: targetName(target, i18n) }}`}
                            onClick={() => onEdit(target)}
                          >
                            {t`Edit`}
                          </Button>
                        ) : (
                          <Typography variant="body2" color="text.secondary">
                            {t`Not editable here`}
                          </Typography>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography sx={{ mt: 1 }}>{t`Total: ${{ total: format.number(total) }}`}</Typography>
      {onlyOperator && !denial && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t`Only the operator’s warehouses hold stock now. If the items have own delivery enabled, you can keep stock at your selling address too.`}
          </Typography>
          <Button variant="outlined" disabled={busy} onClick={() => onEdit({ type: 'selling_address' })}>
            {t`Add stock at your selling address`}
          </Button>
        </Box>
      )}
    </Section>
  );
}

function ItemRows({ ids }: { ids: string[] }) {
  const { t } = useLingui();
  const format = useFormat();
  const items = useQueries({ queries: ids.map((id) => itemQuery(id)) });
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0}>
      <Table size="small" aria-label={t`Items of this user product`}>
        <TableHead>
          <TableRow>
            <TableCell>{t`Item`}</TableCell>
            <TableCell align="right">{t`Available`}</TableCell>
            <TableCell>{t({ message: `Fulfillment`, context: 'stock column' })}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ids.map((id, index) => {
            const { data: item, isError } = items[index]!;
            return (
              <TableRow key={id}>
                <TableCell sx={{ minWidth: 200 }}>
                  <Typography variant="body2" color="text.secondary">
                    {id}
                  </Typography>
                  {item ? item.title : isError ? t`Item ${id} could not be loaded.` : '…'}
                </TableCell>
                <TableCell align="right">{item ? format.number(item.available_quantity) : ''}</TableCell>
                <TableCell>
                  {item?.inventory_id ? (
                    <Link component={RouterLink} to={urls.fulfillment.index({ inventory: item.inventory_id })}>
                      {t`Fulfillment stock of ${{ inventory: item.inventory_id }}`}
                    </Link>
                  ) : item ? (
                    t`No inventory id`
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LinkedItems({ sellerId, userProductId }: { sellerId: number; userProductId: string }) {
  const { t } = useLingui();
  const query = useQuery(linkedItemsQuery(sellerId, userProductId));
  return (
    <Section title={t`Items of this user product`}>
      <DataState
        query={query}
        isEmpty={(data) => data.results.length === 0}
        empty={<Typography color="text.secondary">{t`No items are associated with this user product.`}</Typography>}
      >
        {(data) => <ItemRows ids={data.results} />}
      </DataState>
    </Section>
  );
}

function StockView({ userProductId }: { userProductId: string }) {
  const { t } = useLingui();
  const me = useMe();
  const query = useQuery(stockQuery(userProductId));
  const write = useStockWrite(userProductId);
  const [url, setUrl] = useUrlState(urlSchema);
  const canWrite = useGrants().can('stock.write');
  const loadedId = query.data?.stock.id;
  useEffect(() => {
    if (loadedId) rememberRecent(loadedId);
  }, [loadedId]);
  // An address with ?edit= opens no dialog for a role that cannot change stock (the page says why).
  const editTarget = canWrite && query.data && url.edit && !write.busy ? findTarget(query.data, url.edit) : null;
  const { phase } = write;
  return (
    <>
      <PageHeader
        title={t`Stock · ${{ id: userProductId }}`}
        actions={
          <>
            <Button component={RouterLink} to={urls.stock.index()}>
              {t`All user products`}
            </Button>
            <Button variant="outlined" onClick={() => void query.refetch()} disabled={write.busy}>
              {t`Reload`}
            </Button>
          </>
        }
      />
      <WriteStatus phase={phase} />
      <DataState
        query={query}
        describeError={(error) =>
          isApiError(error, 404)
            ? t`User product ${{ id: userProductId }} was not found (404). Check the id; user products of other sellers are not shown either.`
            : undefined
        }
      >
        {(read) => (
          <>
            <Locations read={read} busy={write.busy} onEdit={(target) => setUrl({ edit: targetKey(target) })} />
            {me.data ? (
              <>
                <LowStockSection sellerId={me.data.id} userProductId={userProductId} />
                <LinkedItems sellerId={me.data.id} userProductId={userProductId} />
              </>
            ) : (
              <Loading />
            )}
          </>
        )}
      </DataState>
      {editTarget && query.data && (
        <EditDialog
          key={url.edit}
          userProductId={userProductId}
          target={editTarget}
          read={query.data}
          onCancel={() => setUrl({ edit: undefined })}
          onSubmit={(edit) => {
            setUrl({ edit: undefined }, { replace: true });
            write.submit(edit);
          }}
        />
      )}
      {phase.kind === 'conflict' && (
        <ConflictDialog
          conflict={phase}
          onApplyMine={() => write.submit(applyMineOnLatest(phase))}
          onKeepTheirs={() => write.keepTheirs(phase)}
        />
      )}
    </>
  );
}

export function StockDetail() {
  const { t } = useLingui();
  const { userProductId = '' } = useParams();
  if (!userProductIdPattern.test(userProductId)) {
    return (
      <>
        <PageHeader title={t`Stock · ${{ id: userProductId }}`} />
        <ErrorAlert
          error={null}
          describeError={() => t`That is not a user product id: use the site id, "U" and digits (for example MLAU3000001).`}
        />
        <Button component={RouterLink} to={urls.stock.index()} sx={{ mt: 2 }}>
          {t`All user products`}
        </Button>
      </>
    );
  }
  return <StockView key={userProductId} userProductId={userProductId} />;
}
