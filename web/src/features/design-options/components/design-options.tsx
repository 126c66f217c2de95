import { cn } from '@/lib/utils';
import { withDarkStyle } from '../dark-styles';
import { DESIGN_STYLES, type DesignStyle } from '../styles';

/** One style: a sample tip card and the two create buttons, which do nothing (docs/product.md#screens). */
function StyleSample({ style }: { style: DesignStyle }) {
  const headingId = `design-${style.name.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-4 rounded-xl p-6', style.section)}>
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {style.name}
        </h2>
        <p className="text-sm opacity-90">{style.description}</p>
      </div>
      <article className={cn('grid gap-3', style.card)}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className={style.badge}>Restaurant</span>
          <span className={style.meta}>★ 5/5</span>
        </div>
        <h3 className={style.title}>Sunrise breakfast at the harbour</h3>
        <p className={style.meta}>Lisbon, Portugal</p>
        <p className={style.body}>
          Grab a table by the water before seven: fresh pastel de nata, strong coffee and the fishing boats coming in.
        </p>
      </article>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={style.primaryButton}>
          Create Tip
        </button>
        <button type="button" className={style.secondaryButton}>
          Create Guide
        </button>
      </div>
    </section>
  );
}

export function DesignOptions() {
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Design Options</h1>
        <p className="text-sm text-muted-foreground">Five sample visual styles for Waymark.</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        {DESIGN_STYLES.map((style) => (
          <StyleSample key={style.name} style={withDarkStyle(style)} />
        ))}
      </div>
    </div>
  );
}
