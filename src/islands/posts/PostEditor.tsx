import { Editor } from 'primereact/editor';

/** Formats the editor offers: what the server's allow-list keeps (no colours, fonts or uploaded images). */
const FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'blockquote', 'code', 'list', 'link', 'image', 'align', 'indent'];

const toolbar = (
  <>
    <span className="ql-formats">
      <select className="ql-header" defaultValue="" aria-label="Heading">
        <option value="1" />
        <option value="2" />
        <option value="3" />
        <option value="" />
      </select>
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-bold" aria-label="Bold" />
      <button type="button" className="ql-italic" aria-label="Italic" />
      <button type="button" className="ql-underline" aria-label="Underline" />
      <button type="button" className="ql-strike" aria-label="Strikethrough" />
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-list" value="ordered" aria-label="Numbered list" />
      <button type="button" className="ql-list" value="bullet" aria-label="Bulleted list" />
      <select className="ql-align" defaultValue="" aria-label="Alignment">
        <option value="" />
        <option value="center" />
        <option value="right" />
        <option value="justify" />
      </select>
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-blockquote" aria-label="Quote" />
      <button type="button" className="ql-code" aria-label="Code" />
      <button type="button" className="ql-link" aria-label="Link" />
      <button type="button" className="ql-clean" aria-label="Clear formatting" />
    </span>
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
