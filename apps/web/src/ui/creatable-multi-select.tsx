import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An option with an id and a name (a collection, a collaboration, …). */
export interface NamedOption {
  id: number;
  name: string;
}

export interface CreatableMultiSelectProps {
  label: string;
  description?: string | undefined;
  placeholder?: string | undefined;
  value: readonly NamedOption[];
  onChange: (value: NamedOption[]) => void;
  /** Finds options whose name contains the text (the server caps the list). */
  search: (text: string) => Promise<NamedOption[]>;
  /** Creates an option with this name; throws with a readable message when it cannot. */
  create: (name: string) => Promise<NamedOption>;
  /** The label of the create option, e.g. 'Create "Autumn"'. */
  createLabel: (name: string) => string;
  isReadOnly?: boolean | undefined;
  error?: string | undefined;
  onBlur?: () => void;
}

const CREATE = '$create';
/** SPEC section 2: popup lists are at most 200px high. */
const MAX_LIST_HEIGHT = 200;

/**
 * A multi-select whose options come from a server search, with a "Create …" option when the typed
 * name does not exist yet. Chosen options show as pills with a remove button each.
 */
export function CreatableMultiSelect(props: CreatableMultiSelectProps) {
  const { label, description, placeholder, value, onChange, search, create, createLabel, isReadOnly, error, onBlur } = props;
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<NamedOption[]>([]);
  const [isLoading, setLoading] = useState(false);
  const [isCreating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef(0);
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });

  async function runSearch(text: string) {
    const ticket = ++latest.current;
    setLoading(true);
    setFailure(null);
    try {
      const found = await search(text.trim());
      if (ticket === latest.current) setOptions(found);
    } catch (e) {
      if (ticket === latest.current) setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }
  const searchLater = useDebouncedCallback((text: string) => void runSearch(text), 250);

  const chosenIds = new Set(value.map((v) => v.id));
  const visible = options.filter((o) => !chosenIds.has(o.id));
  const typed = query.trim();
  const exists = [...options, ...value].some((o) => o.name.toLowerCase() === typed.toLowerCase());
  const canCreate = typed.length > 0 && !exists;

  async function handleOptionSubmit(optionValue: string) {
    if (optionValue === CREATE) {
      setCreating(true);
      setFailure(null);
      try {
        const created = await create(typed);
        if (!value.some((v) => v.id === created.id)) onChange([...value, created]);
        setQuery('');
        setOptions((current) => [created, ...current.filter((o) => o.id !== created.id)]);
      } catch (e) {
        setFailure(e instanceof Error ? e.message : String(e));
      } finally {
        setCreating(false);
      }
      return;
    }
    const option = options.find((o) => String(o.id) === optionValue);
    if (option && !chosenIds.has(option.id)) onChange([...value, option]);
    setQuery('');
    void runSearch('');
  }

  function remove(id: number) {
    onChange(value.filter((v) => v.id !== id));
  }

  return (
    <Combobox store={combobox} onOptionSubmit={(v) => void handleOptionSubmit(v)} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          description={description}
          error={error ?? failure ?? undefined}
          onClick={() => !isReadOnly && combobox.openDropdown()}
          rightSection={isLoading || isCreating ? <Loader size={14} /> : null}
          disabled={isReadOnly}
        >
          <Pill.Group>
            {value.map((item) => (
              <Pill
                key={item.id}
                withRemoveButton={!isReadOnly}
                onRemove={() => remove(item.id)}
                removeButtonProps={{ 'aria-label': t('multiSelect.remove', { name: item.name }) }}
              >
                {item.name}
              </Pill>
            ))}
            {isReadOnly ? null : (
              <Combobox.EventsTarget>
                <PillsInput.Field
                          value={query}
                  placeholder={value.length === 0 ? placeholder : undefined}
                  onFocus={() => {
                    combobox.openDropdown();
                    void runSearch(query);
                  }}
                  onBlur={() => {
                    combobox.closeDropdown();
                    onBlur?.();
                  }}
                  onChange={(event) => {
                    setQuery(event.currentTarget.value);
                    combobox.openDropdown();
                    combobox.updateSelectedOptionIndex();
                    searchLater(event.currentTarget.value);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Backspace' && query.length === 0 && value.length > 0) {
                      event.preventDefault();
                      remove(value[value.length - 1]!.id);
                    }
                  }}
                />
              </Combobox.EventsTarget>
            )}
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={MAX_LIST_HEIGHT} style={{ overflowY: 'auto' }} aria-label={label}>
          {visible.map((option) => (
            <Combobox.Option value={String(option.id)} key={option.id}>
              {option.name}
            </Combobox.Option>
          ))}
          {canCreate ? (
            <Combobox.Option value={CREATE}>
              <Group gap={6} wrap="nowrap">
                <IconPlus size={14} aria-hidden />
                <Text size="sm">{createLabel(typed)}</Text>
              </Group>
            </Combobox.Option>
          ) : null}
          {visible.length === 0 && !canCreate ? (
            <Combobox.Empty>{isLoading ? t('multiSelect.searching') : t('multiSelect.nothingFound')}</Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
