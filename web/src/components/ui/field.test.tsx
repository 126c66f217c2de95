import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PhotoPicker } from '@/components/content/photo-picker';
import { TagInput } from '@/components/content/tag-input';
import { CharacterCount, Field } from './field';
import { Input } from './input';
import { OptionsSelect } from './options-select';
import { Textarea } from './textarea';

/** The attributes of the first element matching `tag` in the markup. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b([^>]*)>`).exec(html)?.[1] ?? '';
  return Object.fromEntries([...element.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1], m[2] ?? '']));
}

describe('Field', () => {
  it('ties an invalid control to its message: aria-invalid, aria-describedby and the id', () => {
    const html = renderToStaticMarkup(
      <Field id="email" label="Email" error="Please enter a valid email address">
        <Input type="email" />
      </Field>,
    );
    const input = attributesOf(html, 'input');
    expect(input.id).toBe('email');
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-describedby']).toBe('email-error');
    expect(html).toContain(
      '<p id="email-error" class="text-xs font-medium text-destructive">Please enter a valid email address</p>',
    );
    expect(attributesOf(html, 'label').for).toBe('email');
  });

  it('leaves a valid control without aria-invalid and without a message', () => {
    const html = renderToStaticMarkup(
      <Field id="city" label="City">
        <Textarea />
      </Field>,
    );
    const textarea = attributesOf(html, 'textarea');
    expect(textarea.id).toBe('city');
    expect(textarea).not.toHaveProperty('aria-invalid');
    expect(textarea).not.toHaveProperty('aria-describedby');
    expect(html).not.toContain('city-error');
  });

  it('marks a required field: an asterisk hidden from screen readers, required on the native control', () => {
    const html = renderToStaticMarkup(
      <Field id="title" label="Title" required>
        <Input />
      </Field>,
    );
    expect(html).toContain('<span class="ml-0.5 text-destructive" aria-hidden="true">*</span>');
    expect(attributesOf(html, 'input')).toHaveProperty('required');
  });

  it("keeps a control's own aria-describedby and adds the message's id", () => {
    const html = renderToStaticMarkup(
      <Field id="bio" label="Bio" error="Too long">
        <Textarea aria-describedby="bio-hint" />
      </Field>,
    );
    expect(attributesOf(html, 'textarea')['aria-describedby']).toBe('bio-hint bio-error');
  });

  it('wires a Radix select trigger (a button) like a native control, with aria-required', () => {
    const html = renderToStaticMarkup(
      <Field id="country" label="Country" required error="Please choose your country from the list">
        <OptionsSelect id="country" value="" onValueChange={() => undefined} placeholder="Select" options={['Japan']} />
      </Field>,
    );
    const trigger = attributesOf(html, 'button');
    expect(trigger.id).toBe('country');
    expect(trigger['aria-invalid']).toBe('true');
    expect(trigger['aria-describedby']).toBe('country-error');
    expect(trigger['aria-required']).toBe('true');
  });

  it('wires the tag input inside a Field', () => {
    const html = renderToStaticMarkup(
      <Field id="tags" label="Tags" error="At most 10 tags">
        <TagInput value={[]} onChange={() => undefined} />
      </Field>,
    );
    const input = attributesOf(html, 'input');
    expect(input.id).toBe('tags');
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-describedby']).toBe('tags-error');
  });

  it("wires the photo picker's file input inside a Field", () => {
    const html = renderToStaticMarkup(
      <Field id="photos" label="Photos" error="You can upload a maximum of 5 photos">
        <PhotoPicker files={[]} onChange={() => undefined} onTooMany={() => undefined} max={5} />
      </Field>,
    );
    const input = attributesOf(html, 'input');
    expect(input.id).toBe('photos');
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-describedby']).toBe('photos-error');
  });

  it('changes nothing for a control outside a Field', () => {
    const html = renderToStaticMarkup(<Input id="search" aria-label="Search" />);
    expect(attributesOf(html, 'input')).not.toHaveProperty('aria-invalid');
    expect(attributesOf(html, 'input')).not.toHaveProperty('required');
  });
});

describe('CharacterCount', () => {
  it('turns green when a minimum is reached and red when a maximum is', () => {
    expect(renderToStaticMarkup(<CharacterCount count={50} limit={50} kind="min" />)).toContain('text-success');
    expect(renderToStaticMarkup(<CharacterCount count={49} limit={50} kind="min" />)).toContain('text-muted-foreground');
    expect(renderToStaticMarkup(<CharacterCount count={200} limit={200} kind="max" />)).toContain('text-destructive');
    expect(renderToStaticMarkup(<CharacterCount count={3} limit={200} kind="max" />)).toContain('>3/200<');
  });
});
