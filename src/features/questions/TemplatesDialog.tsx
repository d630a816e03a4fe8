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
import { textProblem } from '../../api/questions';
import { ContactFindings } from './ContactFindings';
import { useContactGuard } from './contactGuard';
import { deleteTemplate, saveTemplate, useTemplates, type Template } from './templates';
import { useLingui } from '@lingui/react/macro';

/** Create, edit and delete the answer templates kept on this device. */
export function TemplatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const templates = useTemplates();
  const [editing, setEditing] = useState<Pick<Template, 'name' | 'text'> & { id?: string }>({ name: '', text: '' });
  const [invalid, setInvalid] = useState(false);
  // A template is checked by the contact-data guard when saved, as an answer is when sent.
  const [held, setHeld] = useState(false);
  const guard = useContactGuard(editing.text);
  const edit = (next: typeof editing) => {
    setEditing(next);
    setHeld(false);
  };
  const save = async (guardOverride: boolean) => {
    if (!editing.name.trim() || textProblem(editing.text)) {
      setInvalid(true);
      return;
    }
    if (!guardOverride && (await guard.check(editing.text)).length > 0) {
      setHeld(true);
      return;
    }
    saveTemplate(editing);
    edit({ name: '', text: '' });
    setInvalid(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="templates-title">
      <DialogTitle id="templates-title">{t`Templates`}</DialogTitle>
      <DialogContent>
        {templates.length === 0 ? (
          <Typography color="text.secondary">{t`No templates yet. Save reusable answers to insert them with a click or Alt+1–9.`}</Typography>
        ) : (
          <List dense aria-label={t`Templates`}>
            {templates.map((template, index) => (
              <ListItem
                key={template.id}
                secondaryAction={
                  <>
                    <IconButton aria-label={t`Edit ${{ name: template.name }}`} onClick={() => edit(template)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={t`Delete ${{ name: template.name }}`} onClick={() => deleteTemplate(template.id)}>
                      <DeleteIcon />
                    </IconButton>
                  </>
                }
              >
                <ListItemText
                  primary={`${index + 1}. ${template.name}`}
                  secondary={template.text}
                  slotProps={{ secondary: { noWrap: true } }}
                  sx={{ pr: 8 }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Stack component="form" spacing={2} onSubmit={submit} sx={{ mt: 2 }} noValidate>
          <TextField
            label={t`Template name`}
            value={editing.name}
            onChange={(e) => edit({ ...editing, name: e.target.value })}
            size="small"
          />
          <TextField
            label={t`Template text`}
            value={editing.text}
            onChange={(e) => edit({ ...editing, text: e.target.value })}
            multiline
            minRows={2}
            error={invalid}
            helperText={invalid ? t`A template needs a name and a text of at most 2,000 characters.` : undefined}
          />
          <ContactFindings checked={guard.checked} held={held} overrideLabel={t`Save anyway`} onOverride={() => void save(true)} />
          <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            {editing.id ? t`Save template` : t`Add template`}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t`Close`}</Button>
      </DialogActions>
    </Dialog>
  );
}
