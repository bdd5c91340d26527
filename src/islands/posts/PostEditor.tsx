import { Editor } from 'primereact/editor';

/** Formats the editor offers: what the server's allow-list keeps (no colours, fonts or uploaded images). */
const FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'blockquote', 'code', 'list', 'link', 'image', 'align', 'indent'];

/** Quill's toolbar, as its markup wants it: groups of buttons (class ql-<format>, optional value) and selects. */
type Tool = { format: string; label: string; value?: string; options?: readonly string[] };
const TOOL_GROUPS: readonly (readonly Tool[])[] = [
  [{ format: 'header', label: 'Heading', options: ['1', '2', '3', ''] }],
  [
    { format: 'bold', label: 'Bold' },
    { format: 'italic', label: 'Italic' },
    { format: 'underline', label: 'Underline' },
    { format: 'strike', label: 'Strikethrough' },
  ],
  [
    { format: 'list', value: 'ordered', label: 'Numbered list' },
    { format: 'list', value: 'bullet', label: 'Bulleted list' },
    { format: 'align', label: 'Alignment', options: ['', 'center', 'right', 'justify'] },
  ],
  [
    { format: 'blockquote', label: 'Quote' },
    { format: 'code', label: 'Code' },
    { format: 'link', label: 'Link' },
    { format: 'clean', label: 'Clear formatting' },
  ],
];

const toolbar = (
  <>
    {TOOL_GROUPS.map((group, g) => (
      <span key={g} className="ql-formats">
        {group.map((tool) =>
          tool.options ? (
            <select key={tool.format} className={`ql-${tool.format}`} defaultValue="" aria-label={tool.label}>
              {tool.options.map((o) => <option key={o} value={o} />)}
            </select>
          ) : (
            <button key={`${tool.format}-${tool.value ?? ''}`} type="button" className={`ql-${tool.format}`} value={tool.value} aria-label={tool.label} />
          ),
        )}
      </span>
    ))}
  </>
);

/** The rich-text body editor (Quill). Loaded lazily: the board's first paint does not ship Quill. */
export default function PostEditor({ value, onChange, labelledBy }: { value: string; onChange: (html: string) => void; labelledBy: string }) {
  return (
    <Editor
      value={value}
      onTextChange={(e) => onChange(e.htmlValue ?? '')}
      headerTemplate={toolbar}
      formats={FORMATS}
      style={{ height: '280px' }}
      aria-labelledby={labelledBy}
    />
  );
}
