import { DEBOUNCE, LIMITS } from '@blotter/shared/constants';
import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { richTextDocLength } from '../../utils/rich-text-doc-length';
import type { RichTextFieldProps } from './rich-text-field';
import { useRichTextFlushRegistry } from './rich-text-flush-context';

/** CharacterCount that counts what the server's richTextLength counts, so the limit agrees with it. */
const SharedCharacterCount = CharacterCount.extend({
  onBeforeCreate(event) {
    this.parent?.(event);
    this.storage.characters = (options) => richTextDocLength(options?.node ?? this.editor.state.doc);
  },
});

function createExtensions(placeholder: string) {
  return [
    StarterKit.configure({
      heading: false,
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      link: false,
      strike: false,
      underline: false,
    }),
    Placeholder.configure({ placeholder }),
    // The limit applies to typing and to pasting (pasted text is cut at the limit).
    SharedCharacterCount.configure({ limit: LIMITS.richTextMax }),
  ];
}

const asHtml = (value: unknown) => (typeof value === 'string' ? value : '');
/** What the form stores: '' for an empty editor rather than '<p></p>'. */
const editorHtml = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

interface ToolButtonProps {
  label: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, active, onClick, children }: ToolButtonProps) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      aria-pressed={active}
      color={active ? 'primary' : 'default'}
      // Keeps the caret in the editor while formatting.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}

/** Bold, italic and the lists; re-renders only when the marks at the caret change. */
function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });
  return (
    <Box
      role="toolbar"
      aria-label="Formatting"
      sx={{ display: 'flex', gap: 0.5, px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <ToolButton label="Bold" active={active.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Italic" active={active.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label="Bullet list"
        active={active.bulletList}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      >
        <FormatListBulletedIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label="Numbered list"
        active={active.orderedList}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      >
        <FormatListNumberedIcon fontSize="small" />
      </ToolButton>
    </Box>
  );
}

/** The visible 'n / 10000' counter: the only part that re-renders on each key. */
function Counter({ editor, id }: { editor: Editor; id: string }) {
  const characters = useEditorState({
    editor,
    // A destroyed editor (strict mode remounts it) has no storage left.
    selector: ({ editor: current }) => current.storage.characterCount?.characters() ?? 0,
  });
  return (
    <FormHelperText id={id} sx={{ whiteSpace: 'nowrap' }}>
      {`${characters} / ${LIMITS.richTextMax}`}
    </FormHelperText>
  );
}

/**
 * The editor of RichTextField (its own chunk: TipTap loads only where a rich-text field shows): with bold, italic and lists, a visible
 * 'n / 10000' counter and the limit applied to typing and pasting. Typing stays inside the editor;
 * the HTML reaches the form debounced (1000 ms), at once on blur, and whenever the form flushes
 * (submit, autosave on leaving), so nothing typed is lost and the form does not re-render per key.
 */
export default function RichTextEditor({ name, label, placeholder = '' }: RichTextFieldProps) {
  const { field, fieldState } = useController<IncidentFieldsInput>({ name });
  const registry = useRichTextFlushRegistry();
  const labelId = useId();
  const counterId = useId();
  const errorId = useId();

  const fieldRef = useRef(field);
  useLayoutEffect(() => {
    fieldRef.current = field;
  });
  /** The HTML the form holds (last pushed or last received), to tell outside changes from ours. */
  const synced = useRef(asHtml(field.value));
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editorRef = useRef<Editor | null>(null);
  const invalidRef = useRef(Boolean(fieldState.error));

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const editor = editorRef.current;
    if (!dirty.current || !editor) return;
    let html: string;
    try {
      html = editorHtml(editor);
    } catch {
      // A destroyed editor has nothing left to hand over.
      return;
    }
    dirty.current = false;
    if (html === synced.current) return;
    synced.current = html;
    fieldRef.current.onChange(html);
  }, []);

  const [extensions] = useState(() => createExtensions(placeholder));
  const editor = useEditor({
    extensions,
    content: synced.current,
    editorProps: {
      attributes: () => ({
        'aria-label': label,
        'aria-multiline': 'true',
        'aria-describedby': `${counterId} ${errorId}`,
        'aria-invalid': String(invalidRef.current),
        role: 'textbox',
      }),
    },
    onUpdate: () => {
      dirty.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DEBOUNCE.richTextChangeMs);
    },
    onBlur: () => {
      flush();
      fieldRef.current.onBlur();
    },
  });
  editorRef.current = editor;

  // Flush on submit and autosave, and on unmount (typing, then leaving the page within a second).
  useEffect(() => {
    const unregister = registry?.register(flush);
    return () => {
      unregister?.();
      flush();
    };
  }, [registry, flush]);

  // A value set from outside (a draft loaded or restored) replaces the editor's content.
  const value = asHtml(field.value);
  useEffect(() => {
    if (dirty.current || value === synced.current) return;
    synced.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const invalid = Boolean(fieldState.error);
  useEffect(() => {
    invalidRef.current = invalid;
    // Before the view is mounted the attributes function above sets it.
    if (!editor.isDestroyed) editor.view.dom.setAttribute('aria-invalid', String(invalid));
  }, [editor, invalid]);

  return (
    <Box>
      <Typography
        id={labelId}
        component="div"
        variant="body2"
        color={invalid ? 'error' : 'text.secondary'}
        sx={{ mb: 0.5, cursor: 'text' }}
        onClick={() => editor.commands.focus()}
      >
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: invalid ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: invalid ? 'error.main' : 'primary.main', boxShadow: 1 },
        }}
      >
        <Toolbar editor={editor} />
        <Box
          sx={{
            px: 1.5,
            '& .tiptap': { minHeight: 120, py: 1, outline: 'none', typography: 'body1' },
            '& .tiptap p': { my: 0.5 },
            '& .tiptap p.is-editor-empty:first-of-type::before': {
              content: 'attr(data-placeholder)',
              color: 'text.disabled',
              float: 'left',
              height: 0,
              pointerEvents: 'none',
            },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <FormHelperText id={errorId} error={invalid}>
          {fieldState.error?.message ?? ''}
        </FormHelperText>
        <Counter editor={editor} id={counterId} />
      </Box>
    </Box>
  );
}
