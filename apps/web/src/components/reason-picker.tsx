import type { ReasonOption } from '@inquire/shared';
import { useEffect, useState } from 'react';
import { API_BASE, http } from '../lib/http';
import { RadioGroup, TextArea, TextField } from './ui/field';

interface ReasonPickerProps {
  /** `reasons?object_type=&action=` (spec section 5): what the reasons are for. */
  objectType: string;
  action: 'flag' | 'close';
  /** Reasons load when the dialog opens. */
  open: boolean;
  legend: string;
  /** Form field names, so server errors land beside the right field. */
  typeName: string;
  contentName: string;
  contentLabel: string;
  type: string;
  content: string;
  typeError?: string;
  contentError?: string;
  onTypeChange(type: string): void;
  onContentChange(content: string): void;
}

/**
 * The reason modal's body, shared by the flag and close dialogs: one radio per reason (its
 * name and description), then a text field or area when the chosen reason asks for words,
 * with the reason's placeholder.
 */
export function ReasonPicker(props: ReasonPickerProps) {
  const { objectType, action, open } = props;
  const [reasons, setReasons] = useState<ReasonOption[]>([]);

  useEffect(() => {
    if (!open) return;
    void http
      .get<ReasonOption[]>(`${API_BASE}/reasons`, { params: { object_type: objectType, action } })
      .then(setReasons)
      .catch(() => undefined);
  }, [open, objectType, action]);

  const chosen = reasons.find((r) => String(r.reason_type) === props.type);
  const contentField = {
    label: props.contentLabel,
    name: props.contentName,
    placeholder: chosen?.placeholder,
    value: props.content,
    error: props.contentError,
  };
  return (
    <>
      <RadioGroup
        legend={props.legend}
        name={props.typeName}
        value={props.type}
        error={props.typeError}
        onChange={props.onTypeChange}
        options={reasons.map((r) => ({
          value: String(r.reason_type),
          label: (
            <span>
              <span className="font-medium">{r.name}</span>
              <span className="block text-xs text-gray-600 dark:text-gray-400">{r.description}</span>
            </span>
          ),
        }))}
      />
      {chosen?.content_type === 'text' ? (
        <TextField {...contentField} onChange={(e) => props.onContentChange(e.target.value)} />
      ) : chosen?.content_type === 'textarea' ? (
        <TextArea {...contentField} onChange={(e) => props.onContentChange(e.target.value)} />
      ) : null}
    </>
  );
}
