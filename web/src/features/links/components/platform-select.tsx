import { forwardRef, type SelectHTMLAttributes } from 'react';
import { PLATFORM_CATEGORIES, PLATFORM_CATEGORY_LABELS, PLATFORMS } from '@shared/platforms';
import { inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * The platform dropdown grouped by category (docs/product.md §2). A native select keeps it usable by
 * keyboard and screen readers and gives phones their own picker.
 */
export const PlatformSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function PlatformSelect({ className, ...props }, ref) {
    return (
      <select ref={ref} className={cn(inputClass, 'h-10', className)} {...props}>
        {PLATFORM_CATEGORIES.map((category) => (
          <optgroup key={category} label={PLATFORM_CATEGORY_LABELS[category]}>
            {PLATFORMS.filter((platform) => platform.category === category).map((platform) => (
              <option key={platform.id} value={platform.id}>
                {platform.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    );
  },
);
