import {
  ArrowLeftRightIcon,
  ChartColumnIcon,
  CreditCardIcon,
  FileTextIcon,
  HouseIcon,
  LandmarkIcon,
  LayersIcon,
  LifeBuoyIcon,
  type LucideIcon,
  MessageSquareTextIcon,
  NewspaperIcon,
  QrCodeIcon,
  ReceiptIcon,
  UsersIcon,
  UtensilsIcon,
} from 'lucide-react'
import type { MainPath } from './navigation.ts'

/**
 * The main screens' icons in the portal navigation. Apart from `navigation.ts` because the route
 * options (in the entry chunk every page loads) use the screens' names for page titles: the icons
 * come with the portal frame instead. A placeholder screen shows its own (`MainScreenPlaceholder`).
 */
export const mainScreenIcons: Record<MainPath, LucideIcon> = {
  '/home': HouseIcon,
  '/finances': LandmarkIcon,
  '/transactions': ArrowLeftRightIcon,
  '/statistics': ChartColumnIcon,
  '/users': UsersIcon,
  '/programs': LayersIcon,
  '/cards': CreditCardIcon,
  '/posts': NewspaperIcon,
  '/orders': ReceiptIcon,
  '/bills': FileTextIcon,
  '/food': UtensilsIcon,
  '/terminal': QrCodeIcon,
  '/help': LifeBuoyIcon,
  '/support': MessageSquareTextIcon,
}
