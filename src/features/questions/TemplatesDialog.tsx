import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useState, type FormEvent } from 'react';
import { readTemplateFields, templateNameMax, templateTextMax } from '../../../core/answerTemplates.ts';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useDenial } from '../../lib/permissions';
import { useFormat } from '../../lib/format';
import { ContactFindings } from './ContactFindings';
import { useContactGuard } from './contactGuard';
import { useAnswerTemplates, useDeleteTemplate, useSaveTemplate } from './templates';
import type { AnswerTemplate } from '../../api/answerTemplates';
import { useLingui } from '@lingui/react/macro';

type Editing = Pick<AnswerTemplate, 'name' | 'text'> & { id?: string };

/**
 * Create, edit and delete the account's answer templates (the active one's, or `asAccount`'s), which its whole
 * team shares; read only for a role that cannot answer.
 */
export function TemplatesDialog({ open, onClose, asAccount }: { open: boolean; onClose: () => void; asAccount?: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const { account, canEdit, grants, query } = useAnswerTemplates(asAccount);
  const denial = useDenial('questions.write', grants);
  const saving = useSaveTemplate(account);
  const deleting = useDeleteTemplate(account);
  const [editing, setEditing] = useState<Editing>({ name: '', text: '' });
  const [invalid, setInvalid] = useState(false);
  // A template is checked by the contact-data guard when saved, as an answer is when sent (the server again).
  const [held, setHeld] = useState(false);
  const guard = useContactGuard(editing.text, asAccount);
  const edit = (next: Editing) => {
    setEditing(next);
    setHeld(false);
  };
  const save = async (guardOverride: boolean) => {
    const fields = readTemplateFields(editing);
    if ('problem' in fields) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!guardOverride && (await guard.check(fields.text)).length > 0) {
      setHeld(true);
      return;
    }
    saving.mutate({ ...fields, id: editing.id, guardOverride }, { onSuccess: () => edit({ name: '', text: '' }) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="templates-title">
      <DialogTitle id="templates-title">{t`Templates`}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {(!canEdit && denial) || t`Templates are shared by everyone on this account’s team.`}
        </Typography>
        <DataState
          query={query}
          isEmpty={(list) => list.length === 0}
          empty={
            <Typography color="text.secondary">
              {canEdit ? t`No templates yet. Save reusable answers to insert them with a click or Alt+1–9.` : t`No templates yet.`}
            </Typography>
          }
        >
          {(templates) => (
            <List dense aria-label={t`Templates`}>
              {templates.map((template, index) => (
                <ListItem
                  key={template.id}
                  secondaryAction={
                    canEdit && (
                      <>
                        <IconButton aria-label={t`Edit ${{ name: template.name }}`} onClick={() => edit(template)}>
                          <EditIcon />
                        </IconButton>
                        <IconButton
                          aria-label={t`Delete ${{ name: template.name }}`}
                          disabled={deleting.isPending}
                          onClick={() => deleting.mutate(template.id)}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </>
                    )
                  }
                >
                  <ListItemText
                    primary={`${index + 1}. ${template.name}`}
                    secondary={template.text}
                    slotProps={{ secondary: { noWrap: true } }}
                    sx={{ pr: canEdit ? 8 : 0 }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </DataState>
        {deleting.isError && <ErrorAlert error={deleting.error} />}
        {canEdit && (
          <Stack component="form" spacing={2} onSubmit={submit} sx={{ mt: 2 }} noValidate>
            <TextField
              label={t`Template name`}
              value={editing.name}
              onChange={(e) => edit({ ...editing, name: e.target.value })}
              error={invalid}
              size="small"
            />
            <TextField
              label={t`Template text`}
              value={editing.text}
              onChange={(e) => edit({ ...editing, text: e.target.value })}
              multiline
              minRows={2}
              error={invalid}
              helperText={
                invalid
                  ? t`A template needs a name of at most ${{ name: format.number(templateNameMax) }} characters and a text of at most ${{ text: format.number(templateTextMax) }}.`
                  : undefined
              }
            />
            <ContactFindings checked={guard.checked} held={held} overrideLabel={t`Save anyway`} onOverride={() => void save(true)} />
            {saving.isError && <ErrorAlert error={saving.error} />}
            <Button type="submit" variant="outlined" disabled={saving.isPending} sx={{ alignSelf: 'flex-start' }}>
              {editing.id ? t`Save template` : t`Add template`}
            </Button>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t`Close`}</Button>
      </DialogActions>
    </Dialog>
  );
}
