import { describe, expect, it } from 'vitest';
import { checkArguments } from './i18n-check';

const po = (entries: string) => `msgid ""\nmsgstr ""\n"Language: es\\n"\n\n${entries}`;

describe('catalog arguments check', () => {
  it('accepts translations with the source’s placeholders, plurals and select choices', () => {
    const text = po(`msgid "Hello {name}"
msgstr "Hola {name}"

msgid "{count, plural, one {# lead} other {# leads}}"
msgstr "{count, plural, one {# lead} many {# leads} other {# leads}}"

msgid "{role, select, seller {Seller} other {Someone}}"
msgstr "{role, select, seller {Vendedor} other {Alguien}}"
`);
    expect(checkArguments(text, 'es.po')).toEqual([]);
  });

  it('names the message and locale of a renamed placeholder, a lost plural and a changed select', () => {
    const text = po(`msgid "Hello {name}"
msgstr "Hola {nombre}"

msgctxt "badge"
msgid "{count, plural, one {# lead} other {# leads}}"
msgstr "{count} leads"

msgid "{role, select, seller {Seller} other {Someone}}"
msgstr "{role, select, vendedor {Vendedor} other {Alguien}}"

msgid "Broken {name"
msgstr "Roto {name"
`);
    expect(checkArguments(text, 'es.po')).toEqual([
      'es.po: es: "Hello {name}": translation lacks {name}',
      'es.po: es: "Hello {name}": translation has {nombre}, which the source does not',
      'es.po: es: "{count, plural, one {# lead} other {# leads}}" (context "badge"): translation lacks {count, plural}',
      'es.po: es: "{count, plural, one {# lead} other {# leads}}" (context "badge"): translation has {count}, which the source does not',
      'es.po: es: "{role, select, seller {Seller} other {Someone}}": translation lacks {role, select: other|seller}',
      'es.po: es: "{role, select, seller {Seller} other {Someone}}": translation has {role, select: other|vendedor}, which the source does not',
      expect.stringMatching(/^es\.po: es: "Broken \{name": not valid ICU MessageFormat/),
    ]);
  });
});
