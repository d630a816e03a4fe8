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
import { z } from 'zod';
import { isApiError } from '../../api/errors';
import { userProductIdPattern, type StockLocation, type StockRead } from '../../api/stock';
import { DataState } from '../../components/DataState';
import { describeError } from '../../components/describeError';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { commonMessages } from '../../components/messages';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useFormat } from '../../lib/format';
import { useMe } from '../../lib/identity';
import { useMessages } from '../../lib/i18n';
import { itemQuery } from '../../lib/items';
import { useUrlState } from '../../lib/urlState';
import { urls } from '../../lib/urls';
import { ConflictDialog } from './ConflictDialog';
import { EditDialog } from './EditDialog';
import { describeStockWriteError, locationInfo, targetName, type StockTranslate } from './explain';
import { messages } from './messages';
import { linkedItemsQuery, rememberRecent, stockQuery, useStockWrite, type WritePhase } from './queries';
import { applyMineOnLatest, quantityAt, targetKey, type EditTarget } from './writes';

/** The open edit dialog lives in the URL: ?edit=selling_address or ?edit=<store id>. */
const urlSchema = z.object({ edit: z.string().optional().catch(undefined) });

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

function WriteStatus({ phase, t }: { phase: WritePhase; t: StockTranslate }) {
  const common = useMessages(commonMessages);
  if (phase.kind === 'idle' || phase.kind === 'conflict') return null;
  const location = targetName(phase.edit.target, t);
  const quantity = phase.edit.value;
  if (phase.kind === 'refused') {
    return (
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        <AlertTitle>{t('refusedTitle', { location, quantity })}</AlertTitle>
        {describeError(phase.error, common, (error) => describeStockWriteError(error, t)).summary}
      </Alert>
    );
  }
  const content = {
    sending: { severity: 'info', text: t('statusSending', { location, quantity }) },
    pending: { severity: 'info', text: t('statusPending', { location, quantity, version: phase.edit.base.version }) },
    confirmed: {
      severity: 'success',
      text: 'read' in phase ? t('statusConfirmed', { location, quantity, version: phase.read.version }) : '',
    },
    replaced: {
      severity: 'warning',
      text:
        'read' in phase
          ? t('statusReplaced', {
              location,
              quantity,
              current: quantityAt(phase.read.stock, phase.edit.target),
              version: phase.read.version,
            })
          : '',
    },
    unconfirmed: { severity: 'warning', text: t('statusUnconfirmed') },
    kept: {
      severity: 'info',
      text:
        'latest' in phase
          ? t('statusKept', { location, quantity: quantityAt(phase.latest.stock, phase.edit.target), version: phase.latest.version })
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
  const t = useMessages(messages);
  const format = useFormat();
  const { locations } = read.stock;
  const total = locations.reduce((sum, l) => sum + l.quantity, 0);
  const onlyOperator = locations.length > 0 && locations.every((l) => l.type === 'meli_facility');
  return (
    <Section title={t('locationsTitle')}>
      <Typography sx={{ fontWeight: 600 }} data-testid="stock-version">
        {t('version', { version: read.version })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('versionHelp')}
      </Typography>
      {locations.length === 0 ? (
        <Typography color="text.secondary">{t('noLocations')}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0}>
          <Table size="small" aria-label={t('locationsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('colLocation')}</TableCell>
                <TableCell>{t('colManager')}</TableCell>
                <TableCell align="right">{t('colQuantity')}</TableCell>
                <TableCell>{t('colStore')}</TableCell>
                <TableCell>{t('colAction')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {locations.map((location, index) => {
                const info = locationInfo(location.type, t);
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
                    <TableCell>
                      {target ? (
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={busy}
                          aria-label={t('editLabel', { location: targetName(target, t) })}
                          onClick={() => onEdit(target)}
                        >
                          {t('edit')}
                        </Button>
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          {t('notEditable')}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography sx={{ mt: 1 }}>{t('total', { total })}</Typography>
      {onlyOperator && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('addSellingHelp')}
          </Typography>
          <Button variant="outlined" disabled={busy} onClick={() => onEdit({ type: 'selling_address' })}>
            {t('addSelling')}
          </Button>
        </Box>
      )}
    </Section>
  );
}

function ItemRows({ ids }: { ids: string[] }) {
  const t = useMessages(messages);
  const format = useFormat();
  const items = useQueries({ queries: ids.map((id) => itemQuery(id)) });
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0}>
      <Table size="small" aria-label={t('itemsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('colItem')}</TableCell>
            <TableCell align="right">{t('colAvailable')}</TableCell>
            <TableCell>{t('colFulfillment')}</TableCell>
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
                  {item ? item.title : isError ? t('itemFailed', { id }) : '…'}
                </TableCell>
                <TableCell align="right">{item ? format.number(item.available_quantity) : ''}</TableCell>
                <TableCell>
                  {item?.inventory_id ? (
                    <Link component={RouterLink} to={urls.fulfillment.index({ inventory: item.inventory_id })}>
                      {t('fulfillmentLink', { inventory: item.inventory_id })}
                    </Link>
                  ) : item ? (
                    t('noInventory')
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
  const t = useMessages(messages);
  const query = useQuery(linkedItemsQuery(sellerId, userProductId));
  return (
    <Section title={t('itemsTitle')}>
      <DataState
        query={query}
        isEmpty={(data) => data.results.length === 0}
        empty={<Typography color="text.secondary">{t('itemsEmpty')}</Typography>}
      >
        {(data) => <ItemRows ids={data.results} />}
      </DataState>
    </Section>
  );
}

function StockView({ userProductId }: { userProductId: string }) {
  const t = useMessages(messages);
  const me = useMe();
  const query = useQuery(stockQuery(userProductId));
  const write = useStockWrite(userProductId);
  const [url, setUrl] = useUrlState(urlSchema);
  const loadedId = query.data?.stock.id;
  useEffect(() => {
    if (loadedId) rememberRecent(loadedId);
  }, [loadedId]);
  const editTarget = query.data && url.edit && !write.busy ? findTarget(query.data, url.edit) : null;
  const { phase } = write;
  return (
    <>
      <PageHeader
        title={t('detailTitle', { id: userProductId })}
        actions={
          <>
            <Button component={RouterLink} to={urls.stock.index()}>
              {t('allUserProducts')}
            </Button>
            <Button variant="outlined" onClick={() => void query.refetch()} disabled={write.busy}>
              {t('reload')}
            </Button>
          </>
        }
      />
      <WriteStatus phase={phase} t={t} />
      <DataState query={query} describeError={(error) => (isApiError(error, 404) ? t('notFound', { id: userProductId }) : undefined)}>
        {(read) => (
          <>
            <Locations read={read} busy={write.busy} onEdit={(target) => setUrl({ edit: targetKey(target) })} />
            {me.data ? <LinkedItems sellerId={me.data.id} userProductId={userProductId} /> : <Loading />}
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
  const t = useMessages(messages);
  const { userProductId = '' } = useParams();
  if (!userProductIdPattern.test(userProductId)) {
    return (
      <>
        <PageHeader title={t('detailTitle', { id: userProductId })} />
        <ErrorAlert error={null} describeError={() => t('invalidId')} />
        <Button component={RouterLink} to={urls.stock.index()} sx={{ mt: 2 }}>
          {t('allUserProducts')}
        </Button>
      </>
    );
  }
  return <StockView key={userProductId} userProductId={userProductId} />;
}
